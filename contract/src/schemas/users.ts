import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_PATTERN } from '../validation';
import { emailField, group, role, strongPassword } from './auth';
import { fieldsQuery, flag, listLimit, personFields, requiredText, textId } from './common';
import { jobTitleField, personSearchText } from './people';

/** A user as the API shows it: never a password hash or token. */
export const user = z.object({
  ...personFields,
  email: z.string(),
  phone: z.string().nullable(),
  /** The role title ("Payroll officer"); null when none. */
  jobTitle: z.string().nullable(),
  isActive: z.number(),
  isVerified: z.number(),
  createdAt: z.string(),
  lastLoggedInAt: z.string().nullable(),
  role,
  roles: role,
  userTypeId: z.number().nullable(),
  groups: z.array(group),
  profileImage: z.string().nullable(),
});
export type User = z.infer<typeof user>;

/** What other people may see of a user (mention search, manager picker). */
export const userSummary = z.object({
  ...personFields,
  profileImage: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const usersQuery = z.object({
  limit: listLimit,
  ...fieldsQuery.shape,
  startString: z.string().max(100).optional(),
  isActive: z.coerce.number().int().min(0).max(1).optional(),
  // The admin list's search and filters (issue 17): name or e-mail, location, department, role.
  q: personSearchText,
  locationId: textId.optional(),
  departmentId: textId.optional(),
  roleId: textId.optional(),
});

const adminPassword = z
  .string()
  .min(6, MSG.adminPasswordTooShort)
  .max(200, MSG.passwordPattern)
  .regex(PASSWORD_PATTERN, MSG.passwordPattern);

const adminUserFields = {
  firstName: requiredText(MSG.firstNameRequired, 100),
  lastName: requiredText(MSG.lastNameRequired, 100),
  email: emailField(MSG.emailRequired),
  phone: z.string().trim().max(40, MSG.invalidInput).optional().default(''),
  jobTitle: jobTitleField.optional().default(''),
  roleId: z.number({ error: MSG.roleRequired }).int().positive(MSG.roleRequired),
  groups: z.array(z.number().int().positive()).max(20, MSG.invalidInput).default([]),
  isActive: flag.optional(),
};

export const adminUserCreate = z.object({ ...adminUserFields, password: adminPassword });
export type AdminUserCreate = z.input<typeof adminUserCreate>;

/** On edit the password is optional when left empty (product.md section 5). */
export const adminUserUpdate = z.object({
  ...adminUserFields,
  password: z.union([z.literal(''), adminPassword]).optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdate>;

export const usersTotals = z.object({ active: z.number(), inactive: z.number(), total: z.number() });

export const updateProfileBody = z.object({
  firstName: requiredText(MSG.profileFirstNameRequired, 100),
  lastName: requiredText(MSG.profileLastNameRequired, 100),
  email: emailField(MSG.profileEmailRequired),
  phone: z.string().trim().max(40, MSG.invalidInput).optional(),
  /** Absent keeps the saved title; empty clears it. */
  jobTitle: jobTitleField.optional(),
  groups: z.array(z.number().int().positive()).max(20, MSG.invalidInput).optional(),
  /** Required only when `email` differs from the saved address: a stolen session must not take over the
   * account's mail (password reset links) without the password. */
  currentPassword: z.string().max(200, MSG.invalidInput).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * The saved profile. A new e-mail address is not in `email` yet: it is `pendingEmail` until the link mailed
 * to it is opened; `message` is the text to show (MSG.profileUpdated or MSG.emailChangeSent).
 */
export const updateProfileResult = user.extend({
  pendingEmail: z.string().nullable(),
  message: z.string(),
  /** When the caller may next change their own location or department (ISO 8601); null: now (ADR 037). */
  groupsChangeableFrom: z.string().nullable(),
});

/** Staff change their own location or department at most once in this many days (ADR 037). */
export const PROFILE_GROUPS_CHANGE_DAYS = 30;
export type UpdateProfileResult = z.infer<typeof updateProfileResult>;

export const updatePasswordBody = z.object({
  id: z.number().int().positive(),
  oldPassword: z.string({ error: MSG.oldPasswordRequired }).min(1, MSG.oldPasswordRequired).max(200),
  password: strongPassword,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

/** Avatar upload: the image as base64 (product.md section 7, Files: folder profile). */
export const profileImageBody = z.object({
  base64: z.string().min(1, MSG.invalidInput),
  filename: z.string().max(200).optional(),
});
export const uploadResult = z.object({ fileId: z.number(), payload: z.object({ url: z.string() }) });

/** Counts for the profile's Likes and Favourites tabs. */
export const userActions = z.object({ likes: z.number(), favourites: z.number(), surveys: z.number() });
export type UserActions = z.infer<typeof userActions>;
