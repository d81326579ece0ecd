// Builds the routes from the role id in the stored profile (product.md section 6). Logging in or out changes
// the stored session, `useSession` re-renders, and the route table follows. Each location first starts its
// page's requests (the page's route loader, lib/route-loader.ts) and its page's code, then renders the
// page, whose code may still be on its way.
import { PATHS } from '@hearth/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { type Location, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { PageId } from '../lib/page-ids';
import { PageLoading } from '../lib/page-loading';
import { matchesAny, PROTECTED_PATHS, PUBLIC_ROUTES, routesForRole } from '../lib/route-table';
import { clearSession, rememberSurveyLink, useSession } from '../lib/session';
import { PageErrorBoundary } from './page-error-boundary';
import { PageFor, preloadPage, themed } from './pages';
import { ROUTE_LOADERS } from './route-loaders';

const PublicLayout = lazy(() => import('./layout/public-layout'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const NotFoundPage = lazy(() => import('./not-found-page'));
/** The not-found page logged out, inside antd's theme (signed in, the layout holds it). */
const LoggedOutNotFound = themed(() => import('./not-found-page'));

/** Survey links opened while logged out are remembered and win after login (product.md section 2, Guards). */
function isSurveyLink(pathname: string): boolean {
  return pathname.includes('/surveys/');
}

/** A page that needs a login, visited while logged out: remember survey links, then go to `/`. */
function LoginRequired() {
  const location = useLocation();
  useEffect(() => {
    if (isSurveyLink(location.pathname)) rememberSurveyLink(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return <Navigate replace to="/" />;
}

function LoggedOutFallback() {
  const { pathname } = useLocation();
  if (isSurveyLink(pathname) || matchesAny(PROTECTED_PATHS, pathname)) return <LoginRequired />;
  return <LoggedOutNotFound />;
}

/** An unreadable stored profile: forget it and log in again, coming back here afterwards. */
function BrokenSession() {
  const location = useLocation();
  useEffect(() => clearSession(), []);
  const next = encodeURIComponent(`${location.pathname}${location.search}`);
  return <Navigate replace to={`${PATHS.login}?next=${next}`} />;
}

const publicChildren: RouteObject[] = PUBLIC_ROUTES.map(({ path, page }) => ({
  path,
  element: <PageFor page={page} />,
  handle: { page } satisfies PageHandle,
}));

export function buildRoutes(roleId: number | undefined): RouteObject[] {
  if (roleId === undefined) {
    return [
      {
        element: <PublicLayout />,
        children: [...publicChildren, { path: '*', element: <LoggedOutFallback /> }],
      },
    ];
  }
  return [
    { element: <PublicLayout />, children: publicChildren },
    {
      element: <AppLayout />,
      children: [
        ...routesForRole(roleId).map(({ path, page }) => ({
          path,
          element: <PageFor page={page} />,
          handle: { page } satisfies PageHandle,
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/** What a signed-in route carries for its route loader: the page it shows. */
type PageHandle = { page: PageId };

type RouteMatch = NonNullable<ReturnType<typeof matchRoutes>>[number];

const pageOf = (match: RouteMatch | undefined): PageId | undefined =>
  (match?.route.handle as PageHandle | undefined)?.page;

/**
 * Starts the requests of the page `location` opens, if its page has a loader; answers a promise that
 * settles once they are asked for (the loader's chunk is in), or undefined when there is no loader.
 * `roleId` is undefined when nobody is signed in (the public pages' loaders).
 */
export function startRouteLoader(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search'>,
  roleId: number | undefined,
  queryClient: QueryClient,
): Promise<void> | undefined {
  return startLoaderAt(matchRoutes(routes, location)?.at(-1), location, roleId, queryClient);
}

/** startRouteLoader for a location already matched: `leaf` is its deepest route. */
function startLoaderAt(
  leaf: RouteMatch | undefined,
  location: Pick<Location, 'search'>,
  roleId: number | undefined,
  queryClient: QueryClient,
): Promise<void> | undefined {
  const page = pageOf(leaf);
  const load = page ? ROUTE_LOADERS[page] : undefined;
  if (!leaf || !load) return undefined;
  return load({ params: leaf.params, search: new URLSearchParams(location.search), roleId, queryClient });
}

/**
 * Runs the route loader and starts the page's code once per location and role, while rendering rather
 * than in an effect: a navigation renders in a transition that commits only when the new page's code is
 * there, so an effect would ask for the data after the code once more (the waterfall loaders remove). On a
 * cold load the page's code comes beside the layout's, where its lazy import would start only once the
 * layout had rendered. Starting a request twice is harmless (the query cache joins a request already under
 * way), but once per location keeps pages whose data is always asked afresh (forms, staleTime 0) from
 * asking again on another render. The page's code is asked for once its loader has asked for the data
 * (route-loaders.ts says why).
 */
function useRouteLoader(routes: RouteObject[], roleId: number | undefined): void {
  const location = useLocation();
  const queryClient = useQueryClient();
  const started = useRef('');
  const key = `${roleId}:${location.pathname}${location.search}`;
  if (started.current !== key) {
    started.current = key;
    const leaf = matchRoutes(routes, location)?.at(-1);
    const asked = startLoaderAt(leaf, location, roleId, queryClient) ?? Promise.resolve();
    const page = pageOf(leaf);
    // A loader that throws is the page's to show (its hooks ask again); its code is wanted all the same.
    if (page) void asked.catch(() => undefined).then(() => preloadPage(page));
  }
}

export function AppRoutes() {
  const session = useSession();
  const roleId = session.kind === 'ok' ? session.profile.roles.id : undefined;
  const routes = useMemo(() => buildRoutes(roleId), [roleId]);
  useRouteLoader(routes, roleId);
  const element = useRoutes(routes);
  if (session.kind === 'broken') return <BrokenSession />;
  // The boundary is here rather than above: this component stays on screen while a layout's code loads,
  // so what it started is not thrown away with it. The layouts hold their pages' error boundaries; this
  // one catches a layout whose code does not load.
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </PageErrorBoundary>
  );
}
