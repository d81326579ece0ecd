// Builds the routes from the role id in the stored profile (product.md section 6). Logging in or out changes
// the stored session, `useSession` re-renders, and the route table follows.
import { PATHS } from '@hearth/contract';
import { lazy, useEffect, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { matchesAny, PROTECTED_PATHS, PUBLIC_ROUTES, routesForRole } from '../lib/route-table';
import { clearSession, rememberSurveyLink, useSession } from '../lib/session';
import { PageFor } from './pages';

const PublicLayout = lazy(() => import('./layout/public-layout'));
const AppLayout = lazy(() => import('./layout/app-layout'));
const NotFoundPage = lazy(() => import('./not-found-page'));

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
  return <NotFoundPage />;
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
        ...routesForRole(roleId).map(({ path, page }) => ({ path, element: <PageFor page={page} /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function AppRoutes() {
  const session = useSession();
  const roleId = session.kind === 'ok' ? session.profile.roles.id : undefined;
  const routes = useMemo(() => buildRoutes(roleId), [roleId]);
  const element = useRoutes(routes);
  if (session.kind === 'broken') return <BrokenSession />;
  return element;
}
