// Every route component is lazy-loaded (ARCHITECTURE: heavy admin screens must not weigh on the login
// page). The table names one for every page id: a route without its screen does not compile.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageId } from '../lib/page-ids';

type Lazy = LazyExoticComponent<ComponentType>;
type Load = () => Promise<{ default: ComponentType }>;

/**
 * A public page that draws antd, inside antd's theme (antd-theme.tsx; signed in, the layout holds it):
 * the page's code and the theme's load side by side, not one after the other.
 */
export const themed = (load: Load): Lazy =>
  lazy(async () => {
    const [{ default: Page }, { default: AntdTheme }] = await Promise.all([load(), import('./antd-theme')]);
    return {
      default: () => (
        <AntdTheme>
          <Page />
        </AntdTheme>
      ),
    };
  });

/** The code of every page. */
const CODE: Record<PageId, Load> = {
  login: () => import('../features/auth/login-page'),
  register: () => import('../features/auth/register-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  verifyEmail: () => import('../features/auth/verify-email-page'),
  confirmEmailChange: () => import('../features/profile/confirm-email-change-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  passwordChange: () => import('../features/auth/password-change-page'),
  profile: () => import('../features/profile/profile-page'),
  editProfile: () => import('../features/profile/edit-profile-page'),
  stats: () => import('../features/stats/stats-page'),
  editStats: () => import('../features/stats/edit-stats-page'),
  users: () => import('../features/users/users-page'),
  userForm: () => import('../features/users/user-form-page'),
  editPostRedirect: () => import('./edit-post-redirect'),
  news: () => import('../features/feed/news-page'),
  postDetail: () => import('../features/feed/post-detail-page'),
  adminFeedPostList: () => import('../features/feed/admin-feed-post-list-page'),
  postForm: () => import('../features/feed/post-form-page'),
  communities: () => import('../features/communities/communities-page'),
  community: () => import('../features/communities/community-page'),
  communityPost: () => import('../features/communities/community-post-page'),
  communityPostForm: () => import('../features/communities/community-post-form-page'),
  adminCommunitiesList: () => import('../features/communities/admin-communities-list-page'),
  communityForm: () => import('../features/communities/community-form-page'),
  adminCommunityPostList: () => import('../features/communities/admin-community-post-list-page'),
  surveys: () => import('../features/surveys/surveys-page'),
  surveyFill: () => import('../features/surveys/survey-fill-page'),
  adminSurveysList: () => import('../features/surveys/admin-surveys-list-page'),
  surveyForm: () => import('../features/surveys/survey-form-page'),
  surveyBuilder: () => import('../features/surveys/survey-builder-page'),
  reports: () => import('../features/reports/reports-page'),
  userActivityReport: () => import('../features/reports/user-activity-page'),
  surveyResponsesReport: () => import('../features/reports/survey-responses-page'),
  surveyResponseReport: () => import('../features/reports/survey-response-page'),
  postActivityReport: () => import('../features/reports/post-activity-page'),
  people: () => import('../features/people/people-page'),
  person: () => import('../features/people/person-page'),
  profileFields: () => import('../features/people/profile-fields-page'),
  search: () => import('../features/search/search-page'),
  postReach: () => import('../features/reach/reach-page'),
  notifications: () => import('../features/notifications/notifications-page'),
  notificationPreferences: () => import('../features/notifications/notification-preferences-page'),
  unsubscribe: () => import('../features/notifications/unsubscribe-page'),
  ssoComplete: () => import('../features/sso/sso-complete-page'),
  ssoError: () => import('../features/sso/sso-error-page'),
  passwordSignIn: () => import('../features/sso/password-sign-in-page'),
  notAuthorised: () => import('./not-authorised-page'),
};

/** The public pages that draw antd (themed). */
const THEMED = new Set<PageId>([
  'register',
  'forgotPassword',
  'verifyEmail',
  'confirmEmailChange',
  'resetPassword',
  'unsubscribe',
]);

const PAGES = Object.fromEntries(
  Object.entries(CODE).map(([page, load]) => [page, THEMED.has(page as PageId) ? themed(load) : lazy(load)]),
) as Record<PageId, Lazy>;

/**
 * Starts loading the code of `page` (and of antd's theme for a themed page) without rendering it: the
 * router calls it with the page's route loader, so that on a cold load the page's code comes beside the
 * layout's instead of after it (the layout renders the page, and only then would its lazy import start).
 * A module is fetched once: the lazy component's own import later finds it loaded. A failure here is left
 * to that import, which shows the page error boundary.
 */
export function preloadPage(page: PageId): void {
  const loads = THEMED.has(page) ? [CODE[page](), import('./antd-theme')] : [CODE[page]()];
  for (const loading of loads) loading.catch(() => undefined);
}

export function PageFor({ page }: { page: PageId }) {
  const Component = PAGES[page];
  return <Component />;
}
