// Every route component is lazy-loaded (ARCHITECTURE: heavy admin screens must not weigh on the login
// page). The table names one for every page id: a route without its screen does not compile.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageId } from '../lib/page-ids';

type Lazy = LazyExoticComponent<ComponentType>;

/**
 * A public page that draws antd, inside antd's theme (antd-theme.tsx; signed in, the layout holds it):
 * the page's code and the theme's load side by side, not one after the other.
 */
export const themed = (load: () => Promise<{ default: ComponentType }>): Lazy =>
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

const PAGES: Record<PageId, Lazy> = {
  login: lazy(() => import('../features/auth/login-page')),
  register: themed(() => import('../features/auth/register-page')),
  forgotPassword: themed(() => import('../features/auth/forgot-password-page')),
  verifyEmail: themed(() => import('../features/auth/verify-email-page')),
  confirmEmailChange: themed(() => import('../features/profile/confirm-email-change-page')),
  resetPassword: themed(() => import('../features/auth/reset-password-page')),
  passwordChange: lazy(() => import('../features/auth/password-change-page')),
  profile: lazy(() => import('../features/profile/profile-page')),
  editProfile: lazy(() => import('../features/profile/edit-profile-page')),
  stats: lazy(() => import('../features/stats/stats-page')),
  editStats: lazy(() => import('../features/stats/edit-stats-page')),
  users: lazy(() => import('../features/users/users-page')),
  userForm: lazy(() => import('../features/users/user-form-page')),
  editPostRedirect: lazy(() => import('./edit-post-redirect')),
  news: lazy(() => import('../features/feed/news-page')),
  postDetail: lazy(() => import('../features/feed/post-detail-page')),
  adminFeedPostList: lazy(() => import('../features/feed/admin-feed-post-list-page')),
  postForm: lazy(() => import('../features/feed/post-form-page')),
  communities: lazy(() => import('../features/communities/communities-page')),
  community: lazy(() => import('../features/communities/community-page')),
  communityPost: lazy(() => import('../features/communities/community-post-page')),
  communityPostForm: lazy(() => import('../features/communities/community-post-form-page')),
  adminCommunitiesList: lazy(() => import('../features/communities/admin-communities-list-page')),
  communityForm: lazy(() => import('../features/communities/community-form-page')),
  adminCommunityPostList: lazy(() => import('../features/communities/admin-community-post-list-page')),
  surveys: lazy(() => import('../features/surveys/surveys-page')),
  surveyFill: lazy(() => import('../features/surveys/survey-fill-page')),
  adminSurveysList: lazy(() => import('../features/surveys/admin-surveys-list-page')),
  surveyForm: lazy(() => import('../features/surveys/survey-form-page')),
  surveyBuilder: lazy(() => import('../features/surveys/survey-builder-page')),
  reports: lazy(() => import('../features/reports/reports-page')),
  userActivityReport: lazy(() => import('../features/reports/user-activity-page')),
  surveyResponsesReport: lazy(() => import('../features/reports/survey-responses-page')),
  surveyResponseReport: lazy(() => import('../features/reports/survey-response-page')),
  postActivityReport: lazy(() => import('../features/reports/post-activity-page')),
  people: lazy(() => import('../features/people/people-page')),
  person: lazy(() => import('../features/people/person-page')),
  profileFields: lazy(() => import('../features/people/profile-fields-page')),
  search: lazy(() => import('../features/search/search-page')),
  postReach: lazy(() => import('../features/reach/reach-page')),
  notifications: lazy(() => import('../features/notifications/notifications-page')),
  notificationPreferences: lazy(() => import('../features/notifications/notification-preferences-page')),
  unsubscribe: themed(() => import('../features/notifications/unsubscribe-page')),
  ssoComplete: lazy(() => import('../features/sso/sso-complete-page')),
  ssoError: lazy(() => import('../features/sso/sso-error-page')),
  passwordSignIn: lazy(() => import('../features/sso/password-sign-in-page')),
  notAuthorised: lazy(() => import('./not-authorised-page')),
};

export function PageFor({ page }: { page: PageId }) {
  const Component = PAGES[page];
  return <Component />;
}
