// Web route paths (product.md section 2) and the home page of each role.
import { ROLE } from './constants';

export const PATHS = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  confirmEmailChange: '/confirm-email-change',
  passwordChange: '/password-change',
  profile: '/profile',
  editProfile: '/edit-profile',
  stats: '/stats',
  editStats: '/edit-stats',
  news: '/news',
  communities: '/communities',
  surveys: '/surveys',
  adminFeedPostList: '/admin-feed-post-list',
  adminSurveysList: '/admin-surveys-list',
  adminCommunitiesList: '/admin-communities-list',
  adminCommunityPostList: '/admin-community-post-list',
  users: '/users',
  addUser: '/add-user',
  editUser: '/edit-user/:userId',
  reports: '/reports',
  search: '/search',
  people: '/people',
  person: '/people/:personId',
  profileFields: '/profile-fields',
  notifications: '/notifications',
  notificationPreferences: '/notification-preferences',
  postReach: '/post-reach/:postId',
  unsubscribe: '/unsubscribe',
  ssoComplete: '/sso/complete',
  ssoError: '/sso/error',
  passwordSignIn: '/password-sign-in',
} as const;

/** Where a role lands after login (product.md section 2, other roles included). */
export function homeForRole(roleId: number | undefined): string {
  switch (roleId) {
    case ROLE.ADMIN:
      return PATHS.stats;
    case ROLE.STAFF:
      return PATHS.news;
    case ROLE.EDITOR:
      return PATHS.adminFeedPostList;
    default:
      return PATHS.passwordChange;
  }
}
