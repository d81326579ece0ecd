// The route table per role (product.md sections 2 and 6). Pure data, so the router, the
// guards and the post-login redirect all agree on which paths a role has. All matches are exact.
import { PATHS, ROLE } from '@hearth/contract';
import { matchPath } from 'react-router';
import type { PageId } from './page-ids';

export type RouteEntry = { path: string; page: PageId };

/** Reachable whether logged in or not. `/` and `/login` redirect a logged-in user by role. */
export const PUBLIC_ROUTES: RouteEntry[] = [
  { path: '/', page: 'login' },
  { path: PATHS.login, page: 'login' },
  { path: PATHS.register, page: 'register' },
  { path: PATHS.forgotPassword, page: 'forgotPassword' },
  { path: PATHS.verifyEmail, page: 'verifyEmail' },
  { path: PATHS.confirmEmailChange, page: 'confirmEmailChange' },
  { path: PATHS.resetPassword, page: 'resetPassword' },
  // The digest's unsubscribe link works without a login (ADR 033).
  { path: PATHS.unsubscribe, page: 'unsubscribe' },
  // The company sign-in's way back (issue 19): the hand-off page and the page that says what went wrong.
  { path: PATHS.ssoComplete, page: 'ssoComplete' },
  { path: PATHS.ssoError, page: 'ssoError' },
];

const EVERY_ROLE: RouteEntry[] = [
  { path: PATHS.passwordChange, page: 'passwordChange' },
  { path: PATHS.profile, page: 'profile' },
  { path: PATHS.editProfile, page: 'editProfile' },
  { path: PATHS.stats, page: 'stats' },
  { path: PATHS.search, page: 'search' },
  { path: PATHS.people, page: 'people' },
  { path: PATHS.person, page: 'person' },
  { path: PATHS.notifications, page: 'notifications' },
  { path: PATHS.notificationPreferences, page: 'notificationPreferences' },
];

/** Feed post and survey administration: administrators and post managers. */
const CONTENT_ADMIN: RouteEntry[] = [
  { path: PATHS.adminFeedPostList, page: 'adminFeedPostList' },
  { path: '/post/create', page: 'postForm' },
  { path: '/admin-feed-post-create', page: 'postForm' },
  { path: '/post/edit/:postId', page: 'postForm' },
  { path: '/edit-post', page: 'editPostRedirect' },
  { path: '/post-detail/:postId', page: 'postDetail' },
  // A post's reach (issue 18): the server decides whose it is (the policy's post.seeReach).
  { path: PATHS.postReach, page: 'postReach' },
  { path: PATHS.adminSurveysList, page: 'adminSurveysList' },
  { path: '/surveys/create', page: 'surveyForm' },
  { path: '/surveys/edit/:surveyId', page: 'surveyForm' },
  { path: '/survey-builder/:surveyId', page: 'surveyBuilder' },
];

/** Browsing communities and writing community posts: staff and post managers. */
const COMMUNITY_MEMBER: RouteEntry[] = [
  { path: PATHS.communities, page: 'communities' },
  { path: '/communities/:communityId', page: 'community' },
  { path: '/communities/:communityId/create-post', page: 'communityPostForm' },
  { path: '/communities/post/:postId', page: 'communityPost' },
  { path: '/community-post/:communityPostId/edit', page: 'communityPostForm' },
];

const STAFF_ONLY: RouteEntry[] = [
  // product.md section 6: "/admin-feed-post-list is always registered". Staff have the address, and it says
  // they may not open it, rather than an empty admin page whose buttons lead nowhere.
  { path: PATHS.adminFeedPostList, page: 'notAuthorised' },
  { path: PATHS.news, page: 'news' },
  { path: '/post-detail/:postId', page: 'postDetail' },
  { path: PATHS.surveys, page: 'surveys' },
  { path: '/surveys/:surveyId', page: 'surveyFill' },
  // The reach of the posts of a community they manage (issue 33).
  { path: PATHS.postReach, page: 'postReach' },
];

const ADMIN_ONLY: RouteEntry[] = [
  { path: PATHS.users, page: 'users' },
  { path: PATHS.addUser, page: 'userForm' },
  { path: PATHS.editUser, page: 'userForm' },
  { path: PATHS.editStats, page: 'editStats' },
  { path: PATHS.adminCommunitiesList, page: 'adminCommunitiesList' },
  { path: '/community/create', page: 'communityForm' },
  { path: '/community/edit/:communityId', page: 'communityForm' },
  { path: PATHS.adminCommunityPostList, page: 'adminCommunityPostList' },
  { path: '/community-post/create', page: 'communityPostForm' },
  { path: '/community-post/:communityPostId/edit', page: 'communityPostForm' },
  { path: PATHS.reports, page: 'reports' },
  { path: PATHS.profileFields, page: 'profileFields' },
  { path: PATHS.passwordSignIn, page: 'passwordSignIn' },
  { path: '/reports/user-activity', page: 'userActivityReport' },
  { path: '/reports/survey-responses', page: 'surveyResponsesReport' },
  { path: '/reports/survey-responses/:surveyId', page: 'surveyResponseReport' },
  { path: '/reports/post-activity', page: 'postActivityReport' },
];

/** Any other role has only the login page and the password change (product.md section 2). */
const OTHER_ROLE: RouteEntry[] = [{ path: PATHS.passwordChange, page: 'passwordChange' }];

export function routesForRole(roleId: number): RouteEntry[] {
  switch (roleId) {
    case ROLE.ADMIN:
      return [...EVERY_ROLE, ...CONTENT_ADMIN, ...ADMIN_ONLY];
    case ROLE.STAFF:
      return [...EVERY_ROLE, ...STAFF_ONLY, ...COMMUNITY_MEMBER];
    case ROLE.EDITOR:
      return [...EVERY_ROLE, ...CONTENT_ADMIN, ...COMMUNITY_MEMBER];
    default:
      return OTHER_ROLE;
  }
}

/** Every path some role has: a logged-out visitor of one of these is sent to the login page. */
export const PROTECTED_PATHS: string[] = [
  ...new Set([ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR].flatMap((role) => routesForRole(role).map((r) => r.path))),
];

export function matchesAny(paths: readonly string[], pathname: string): boolean {
  return paths.some((path) => matchPath({ path, end: true }, pathname) !== null);
}

/** True when `link` (path plus optional query) is a page of this role's route table. */
export function roleHasPath(roleId: number, link: string): boolean {
  const pathname = link.split(/[?#]/, 1)[0] ?? '';
  return matchesAny(
    routesForRole(roleId).map((r) => r.path),
    pathname,
  );
}
