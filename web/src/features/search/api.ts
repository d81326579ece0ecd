// Search's API hooks: suggestions as the user types, and the results page of one kind, a keyset page at a
// time ("Load more").
import { type SearchKind, type SearchSort, searchEndpoints } from '@hearth/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export const searchKeys = {
  suggest: (q: string) => ['search', 'suggest', q] as const,
  page: (filters: SearchFilters) => ['search', 'page', filters] as const,
};

/** Suggestions for `q` (already debounced); nothing is asked for an empty text. */
export function useSuggestions(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.suggest(text),
    queryFn: ({ signal }) => call(searchEndpoints.suggestSearch, { query: { q: text } }, { signal }),
    enabled: text !== '',
    staleTime: 30_000,
    // The list keeps the last answer while the next one is on its way, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

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

export function useSearchResults(filters: SearchFilters) {
  return useInfiniteQuery({
    queryKey: searchKeys.page(filters),
    queryFn: ({ pageParam, signal }) =>
      call(searchEndpoints.search, { query: { ...filters, next: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: filters.q.trim() !== '',
  });
}
