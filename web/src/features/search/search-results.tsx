// The results of one kind: loading, error, empty, the list, and "Load more" for the next keyset page.
import { Button, Empty } from 'antd';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { type SearchFilters, useSearchResults } from './api';
import { HitRow } from './hit-row';
import { KIND_LABELS } from './kind-labels';

export function SearchResults({ filters, roleId }: { filters: SearchFilters; roleId: number }) {
  const results = useSearchResults(filters);
  if (!filters.q.trim()) return <Empty description="Type what you are looking for in the search box." />;
  if (results.isPending)
    return (
      <div role="status" aria-label="Searching">
        <LoadingBlock rows={6} />
      </div>
    );
  if (results.isError) return <LoadError error={results.error} onRetry={() => results.refetch()} />;
  const hits = results.data.pages.flatMap((p) => p.hits);
  if (hits.length === 0)
    return (
      <Empty
        description={`No ${KIND_LABELS[filters.kind].toLowerCase()} match “${filters.q}”. Try fewer or other words, or another tab.`}
      />
    );
  return (
    <>
      <ul className="search-results" aria-label={`${KIND_LABELS[filters.kind]} found`}>
        {hits.map((hit) => (
          <HitRow key={`${hit.kind}-${hit.id}`} hit={hit} roleId={roleId} />
        ))}
      </ul>
      {results.hasNextPage && (
        <div className="search-more">
          <Button onClick={() => results.fetchNextPage()} loading={results.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
