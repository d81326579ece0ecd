// Search's query options (ADR 046), one factory per query: the hooks (api.ts, the filters' community
// select) and the route loader (loaders.ts) use the same key and options.
import {
  type CommunityOption,
  communitiesEndpoints,
  type SearchKind,
  type SearchSort,
  searchEndpoints,
} from '@hearth/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export type SearchFilters = {
  q: string;
  kind: SearchKind;
  sort: SearchSort;
  communityId?: number;
  authorId?: number;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
};

export const searchKeys = {
  suggest: (q: string) => ['search', 'suggest', q] as const,
  page: (filters: SearchFilters) => ['search', 'page', filters] as const,
  summary: (filters: SummaryFilters) => ['search', 'summary', filters] as const,
};

/** What the tabs' counts are of: the text and the filters every tab keeps (not the kind, sort, community). */
type SummaryFilters = Pick<SearchFilters, 'q' | 'authorId' | 'from' | 'to'>;

/** Suggestions for `q` (already debounced); nothing is asked for an empty text. */
export const suggestionsQuery = (q: string) => {
  const text = q.trim();
  return queryOptions({
    queryKey: searchKeys.suggest(text),
    queryFn: ({ signal }) => call(searchEndpoints.suggestSearch, { query: { q: text } }, { signal }),
    enabled: text !== '',
    staleTime: 30_000,
    // The list keeps the last answer while the next one is on its way, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
};

/** The results page of one kind, a keyset page at a time ("Load more"); nothing without a text. */
export const searchResultsQuery = (filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: searchKeys.page(filters),
    queryFn: ({ pageParam, signal }) =>
      call(searchEndpoints.search, { query: { ...filters, next: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: filters.q.trim() !== '',
  });

/** Each tab's count and "Did you mean" (issue 33); nothing without a text. */
export const searchSummaryQuery = ({ q, authorId, from, to }: SearchFilters) => {
  const filters: SummaryFilters = { q: q.trim(), authorId, from, to };
  return queryOptions({
    queryKey: searchKeys.summary(filters),
    queryFn: ({ signal }) => call(searchEndpoints.searchSummary, { query: filters }, { signal }),
    enabled: filters.q !== '',
    staleTime: 30_000,
  });
};

/** The community filter's options, asked only for the kinds it applies to. */
export const searchCommunityOptionsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['search', 'community-options'] as const,
    queryFn: async ({ signal }) =>
      (await call(
        communitiesEndpoints.listCommunities,
        { query: { fields: 'id,title', limit: -1 } },
        { signal },
      )) as CommunityOption[],
    enabled,
    staleTime: 60_000,
  });
