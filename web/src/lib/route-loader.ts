// A route loader starts a page's requests while the page's code is still loading (issue 32, item 4): the
// router calls the loader of the page a location opens as soon as it matches, and the page's own hooks
// then find the request under way (or its answer) in the query cache, because both use the same
// query-options factory (one key). Without it every lazy page fetched its code, rendered, and only then
// asked for its data: a waterfall on every navigation and every cold load.
//
// A loader only starts requests (prefetch: errors are left for the page's hooks to show) and imports no UI
// (app/route-loaders.ts says which chunk holds which loaders).
import type { QueryClient } from '@tanstack/react-query';
import type { PageId } from './page-ids';

export type RouteLoaderArgs = {
  /** The route's path parameters, as the page reads them with useParams. */
  params: Readonly<Record<string, string | undefined>>;
  /** The location's query string, as the page reads it with useSearchParams. */
  search: URLSearchParams;
  /** The signed-in user's role id (some pages ask other endpoints per role); undefined when logged out. */
  roleId: number | undefined;
  queryClient: QueryClient;
};

export type RouteLoader = (args: RouteLoaderArgs) => void;

/** The loaders of some pages, by page id: each feature exports its own (features/<name>/loaders.ts). */
export type RouteLoaders = Partial<Record<PageId, RouteLoader>>;
