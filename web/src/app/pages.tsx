// Every route component is lazy-loaded (ARCHITECTURE: heavy admin screens must not weigh on the login
// page). Screens of later issues share one "coming soon" page, each with its own title.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageId } from '../lib/page-ids';

type Lazy = LazyExoticComponent<ComponentType>;

const ComingSoonPage = lazy(() => import('../features/placeholders/coming-soon-page'));

const IMPLEMENTED: Partial<Record<PageId, Lazy>> = {
  login: lazy(() => import('../features/auth/login-page')),
  register: lazy(() => import('../features/auth/register-page')),
  forgotPassword: lazy(() => import('../features/auth/forgot-password-page')),
  verifyEmail: lazy(() => import('../features/auth/verify-email-page')),
  confirmEmailChange: lazy(() => import('../features/profile/confirm-email-change-page')),
  resetPassword: lazy(() => import('../features/auth/reset-password-page')),
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
  unsubscribe: lazy(() => import('../features/notifications/unsubscribe-page')),
  ssoComplete: lazy(() => import('../features/sso/sso-complete-page')),
  ssoError: lazy(() => import('../features/sso/sso-error-page')),
  passwordSignIn: lazy(() => import('../features/sso/password-sign-in-page')),
  notAuthorised: lazy(() => import('./not-authorised-page')),
};

/** Titles of the screens that later issues build; their routes exist already. */
const COMING_SOON: Partial<Record<PageId, string>> = {
  communities: 'Communities',
  community: 'Community',
  communityPost: 'Community Post',
  communityPostForm: 'Community Post',
  surveys: 'Surveys',
  surveyFill: 'Survey',
  adminSurveysList: 'Surveys',
  surveyForm: 'Survey',
  surveyBuilder: 'Survey Builder',
  adminCommunitiesList: 'Communities',
  communityForm: 'Community',
  adminCommunityPostList: 'Community Posts',
};

export function PageFor({ page }: { page: PageId }) {
  const Component = IMPLEMENTED[page];
  if (Component) return <Component />;
  return <ComingSoonPage title={COMING_SOON[page] ?? 'Page'} />;
}
