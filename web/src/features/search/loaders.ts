// The search page's route loader (ADR 046): the results, the tabs' counts and, where the kind has the community filter, its
// options, from the same reading of the address as the page (search-url.ts).
import { prefetch, prefetchInfinite } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { hasCommunityFilter } from './filter-kinds';
import { searchCommunityOptionsQuery, searchResultsQuery, searchSummaryQuery } from './queries';
import { filtersFrom } from './search-url';

export const searchLoaders: RouteLoaders = {
  search: ({ search, queryClient }) => {
    const filters = filtersFrom(search);
    // Without a text the page asks for one and searches nothing.
    prefetchInfinite(queryClient, searchResultsQuery(filters));
    prefetch(queryClient, searchSummaryQuery(filters));
    prefetch(queryClient, searchCommunityOptionsQuery(hasCommunityFilter(filters.kind)));
  },
};
