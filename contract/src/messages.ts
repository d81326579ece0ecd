// User-facing texts of SPEC sections 5 and 8, word for word (obvious misspellings corrected as
// PRODUCT-DECISIONS allows). Both the web forms and the server's 400 answers use these.

export const MSG = {
  // Login
  loginEmailRequired: 'Please input your email!',
  loginPasswordRequired: 'Please input your Password!',
  invalidCredentials: 'Incorrect e-mail or password.',
  notVerified: 'Please verify your e-mail address first',
  deactivated: 'Your account has been deactivated',
  tooManyAttempts: 'Too many failed login attempts. Please wait a few minutes and try again.',
  // Register
  firstNameRequired: 'Please enter your First Name',
  lastNameRequired: 'Please enter your Last Name',
  emailInvalid: 'The input is not valid E-mail!',
  emailRequired: 'Please enter your E-mail',
  phoneRequired: 'Please enter your Phone Number',
  locationRequired: 'Please select a location',
  departmentRequired: 'Please select a department',
  confirmRequired: 'Please confirm your password!',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequired: 'Please input your Password!',
  notCompanyEmail: 'The entered e-mail is not a valid company e-mail address',
  emailTaken: 'An account with this e-mail address already exists',
  passwordPattern:
    'Must contain at least one number and one uppercase and lowercase letter and one special character, and at least 8 or more characters',
  // Admin user forms
  adminPasswordTooShort: 'Password must be greater than 6 characters',
  roleRequired: 'Please select a role',
  // Password change
  oldPasswordRequired: 'Please input your old password!',
  oldPasswordWrong: 'The old password is not correct',
  passwordsInconsistent: 'Two passwords that you enter is inconsistent.',
  // Profile edit
  profileFirstNameRequired: 'Please input your First Name!',
  profileLastNameRequired: 'Please input your Last Name!',
  profileEmailRequired: 'Please input your E-mail!',
  // Tokens
  linkInvalid: 'This link is invalid or has expired',
  sessionExpired: 'Your session has expired, please log in again',
  unauthenticated: 'Please log in',
  forbidden: 'You are not authorized to view this page',
  notFound: 'Not found',
  invalidInput: 'The input is not valid',
  // Files
  profileImageTooBig: 'Image must smaller than 2MB',
  imageTypeOnly: 'You can only upload a JPG/PNG file',
  fileTooBig: 'File must smaller than 10MB',
  videoTooBig: 'File must be smaller than 500MB',
  fileRequired: 'Please choose a file to upload',
  imageTooManyPixels: 'Image must be at most 64 megapixels',
  // Feed posts (SPEC section 5)
  postTitleRequired: 'Please enter post title',
  postSubtitleRequired: 'Please enter post subtitle',
  categoryRequired: 'Please select at least one category',
  startDateRequired: 'Please select start date',
  endDateRequired: 'Please select end date',
  endBeforeStart: 'The end date must be after the start date',
  tooManyFiles: 'A post can have at most 8 files',
  fileTypeRefused: 'This type of file cannot be uploaded',
  commentRequired: 'Please write a comment',
  commentsClosed: 'Comments are closed for this post',
  mentionUnknown: 'A mentioned colleague does not exist or is inactive',
  postCreated: 'Feed post successfully created',
  postUpdated: 'Feed post successfully updated',
  unableToLoadPost: 'Unable to load post',
  noComments: 'This post has no comments.',
  noUsersFound: 'No users found',
  // Empty states
  noUsers: 'There are no posts/users to display',
  // Success
  emailSent: 'An email has been sent to your email address',
  imageUploaded: 'Image uploaded successfully',
  fileUploaded: 'File uploaded successfully',
  userUpdated: 'User updated successfully.',
  userAdded: 'User added successfully.',
  statsUpdated: 'Key stats successfully updated',
  passwordUpdated: 'Password updated successfully.',
  profileUpdated: 'Profile updated successfully.',
  emailVerified: 'Your e-mail address is verified. You can log in now.',
  passwordReset: 'Your password has been changed. You can log in now.',
  // Generic
  somethingWrong: 'Something went wrong please try again.',
} as const;
export type MessageKey = keyof typeof MSG;
