// Every page's route loader (ADR 046), by page id: the router calls the one of the page a location opens,
// so the page's requests start while its code loads (lib/route-loader.ts). Each feature exports its own
// (features/<name>/loaders.ts); a loader imports no UI.
//
// This module is in the app's first chunk; the loaders themselves are not: with every feature's query
// factories and endpoint tables they weigh about 10 KB gzip, which the login page must not carry
// (e2e/tests/budget.spec.ts), and a cold load of one page should not fetch every page's. So each page with
// a loader has a stand-in here that fetches its feature's loaders (a small chunk, which the page's own code
// shares: its queries module) and runs the page's. The chunk is asked for in the same render as the page's
// code, and arrives well before it (the page's modules are found import by import, ADR 025).
import type { PageId } from '../lib/page-ids';
import type { RouteLoader, RouteLoaders } from '../lib/route-loader';

type Chunk = () => Promise<RouteLoaders>;

/** A feature's loaders, fetched once (and again after a failed fetch, which starts nothing). */
function once(fetchChunk: Chunk): Chunk {
  let loaders: Promise<RouteLoaders> | undefined;
  return () => {
    loaders ??= fetchChunk().catch(() => {
      loaders = undefined;
      return {};
    });
    return loaders;
  };
}

/**
 * Each feature's loaders: the pages they serve and how to fetch them (route-loaders.test.tsx holds each list
 * of pages to its module's loaders).
 */
export const LOADER_CHUNKS: Readonly<Record<string, { pages: readonly PageId[]; load: Chunk }>> = {
  auth: {
    pages: ['login', 'register', 'forgotPassword', 'resetPassword'],
    load: once(() => import('../features/auth/loaders').then((m) => m.authLoaders)),
  },
  communities: {
    pages: [
      'communities',
      'community',
      'communityPost',
      'communityPostForm',
      'adminCommunitiesList',
      'communityForm',
      'adminCommunityPostList',
    ],
    load: once(() => import('../features/communities/loaders').then((m) => m.communitiesLoaders)),
  },
  feed: {
    pages: ['news', 'postDetail', 'adminFeedPostList', 'postForm'],
    load: once(() => import('../features/feed/loaders').then((m) => m.feedLoaders)),
  },
  notifications: {
    pages: ['notifications', 'notificationPreferences'],
    load: once(() => import('../features/notifications/loaders').then((m) => m.notificationsLoaders)),
  },
  people: {
    pages: ['people', 'person', 'profileFields'],
    load: once(() => import('../features/people/loaders').then((m) => m.peopleLoaders)),
  },
  profile: {
    pages: ['profile', 'editProfile'],
    load: once(() => import('../features/profile/loaders').then((m) => m.profileLoaders)),
  },
  reach: {
    pages: ['postReach'],
    load: once(() => import('../features/reach/loaders').then((m) => m.reachLoaders)),
  },
  reports: {
    pages: ['userActivityReport', 'surveyResponsesReport', 'surveyResponseReport', 'postActivityReport'],
    load: once(() => import('../features/reports/loaders').then((m) => m.reportsLoaders)),
  },
  search: {
    pages: ['search'],
    load: once(() => import('../features/search/loaders').then((m) => m.searchLoaders)),
  },
  sso: {
    pages: ['passwordSignIn'],
    load: once(() => import('../features/sso/loaders').then((m) => m.ssoLoaders)),
  },
  stats: {
    pages: ['stats', 'editStats'],
    load: once(() => import('../features/stats/loaders').then((m) => m.statsLoaders)),
  },
  surveys: {
    pages: ['surveys', 'surveyFill', 'adminSurveysList', 'surveyForm', 'surveyBuilder'],
    load: once(() => import('../features/surveys/loaders').then((m) => m.surveysLoaders)),
  },
  users: {
    pages: ['users', 'userForm'],
    load: once(() => import('../features/users/loaders').then((m) => m.usersLoaders)),
  },
};

/**
 * The stand-in of `page`'s loader: runs it from `chunk`, now or once the chunk is in; settles once the
 * loader has run (asked for its data). The router asks for the page's code only then: the browser opens six
 * connections to one host over HTTP/1.1, and the page's code asked first (about forty modules for the news)
 * queued the loader's chunk and requests behind it.
 */
const standIn =
  (chunk: Chunk, page: PageId): StandIn =>
  (args) =>
    chunk().then((loaders) => loaders[page]?.(args));

type StandIn = (...args: Parameters<RouteLoader>) => Promise<void>;

export const ROUTE_LOADERS: Partial<Record<PageId, StandIn>> = Object.fromEntries(
  Object.values(LOADER_CHUNKS).flatMap(({ pages, load }) => pages.map((page) => [page, standIn(load, page)])),
);
