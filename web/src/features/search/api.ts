// Search's API hooks: suggestions as the user types, and the results page of one kind, a keyset page at a
// time ("Load more"), and the counts of its tabs. Their keys and options are in queries.ts.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type SearchFilters, searchResultsQuery, searchSummaryQuery, suggestionsQuery } from './queries';

export type { SearchFilters } from './queries';

/** Suggestions for `q` (already debounced); nothing is asked for an empty text. */
export function useSuggestions(q: string) {
  return useQuery(suggestionsQuery(q));
}

export function useSearchResults(filters: SearchFilters) {
  return useInfiniteQuery(searchResultsQuery(filters));
}

/** Each tab's count and "Did you mean" for the page's text and the filters every tab keeps. */
export function useSearchSummary(filters: SearchFilters) {
  return useQuery(searchSummaryQuery(filters));
}
