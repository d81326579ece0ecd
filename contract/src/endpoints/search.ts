// Global search (issue 17): every known role searches; what each caller finds is limited on the server
// to what they may open (server/src/features/search/).
import { get, ROLES, tagged } from '../endpoint';
import { ok } from '../schemas/common';
import {
  searchPage,
  searchQuery,
  searchSuggestions,
  searchSuggestQuery,
  searchSummary,
  searchSummaryQuery,
} from '../schemas/search';

export const searchEndpoints = tagged('search', {
  suggestSearch: get({
    path: '/v1/api/search/suggest',
    access: ROLES.known,
    summary: 'As-you-type: a few results of each kind, every word taken as a prefix',
    query: searchSuggestQuery,
    responses: ok(searchSuggestions),
  }),
  search: get({
    path: '/v1/api/search',
    access: ROLES.known,
    summary:
      'One kind of results: web search syntax ("a phrase", OR, -word), filters, sort, snippets; keyset `next`',
    query: searchQuery,
    responses: ok(searchPage),
  }),
  searchSummary: get({
    path: '/v1/api/search/summary',
    access: ROLES.known,
    summary:
      'How many results of each kind the caller may open (up to SEARCH_LIMITS.countUpTo), and a spelling that finds some',
    query: searchSummaryQuery,
    responses: ok(searchSummary),
  }),
});
