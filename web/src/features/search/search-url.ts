// The results page's address: /search?q=&kind=&sort=&communityId=&authorId=&from=&to= (and the author's
// name for the filter's label). One reading and one writing of it.
import { PATHS, SEARCH_KINDS, type SearchKind } from '@hearth/contract';
import type { SearchFilters } from './queries';

const isKind = (v: string | null): v is SearchKind => SEARCH_KINDS.includes(v as SearchKind);
const id = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

export function filtersFrom(params: URLSearchParams): SearchFilters {
  const kind = params.get('kind');
  return {
    q: params.get('q') ?? '',
    kind: isKind(kind) ? kind : 'posts',
    sort: params.get('sort') === 'date' ? 'date' : 'relevance',
    communityId: id(params.get('communityId')),
    authorId: id(params.get('authorId')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

/** The address of a results page; filters left out are not written. */
export function searchHref(filters: Partial<SearchFilters> & { q: string }, authorName?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '' && !(key === 'sort' && value === 'relevance'))
      params.set(key, String(value));
  if (filters.authorId !== undefined && authorName) params.set('author', authorName);
  return `${PATHS.search}?${params}`;
}
