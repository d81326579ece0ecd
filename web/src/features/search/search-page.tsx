// /search (issue 17): the results of the top bar's search, one tab per kind with its count, with filters,
// sort, highlighted snippets and "Load more". Everything the page shows is in its address, so Back, reload
// and a shared link give the same results. An address without a kind lands on the first tab with results
// (issue 33), and a word nobody wrote offers the spelling that finds something ("Did you mean").
import { SEARCH_KINDS, SEARCH_LIMITS, type SearchKind } from '@hearth/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type SearchFilters, useSearchSummary } from './api';
import { hasCommunityFilter } from './filter-kinds';
import { KIND_LABELS } from './kind-labels';
import { searchResultsQuery } from './queries';
import { SearchFiltersBar } from './search-filters';
import { SearchResults } from './search-results';
import { filtersFrom, searchHref } from './search-url';
import { MoreTabsIcon, TabLabel } from './tab-label';
import './search-page.css';
import { addressParams } from '../../lib/address-now';
import { clearButton } from '../../lib/clear-button';

export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const roleId = useProfile()?.roles.id ?? 0;
  const filters = filtersFrom(params);
  const authorName = params.get('author') ?? undefined;
  const [text, setText] = useState(filters.q);
  useDocumentTitle(filters.q ? `Search: ${filters.q}` : 'Search');

  // The top bar's box may open another search while this page is shown.
  useEffect(() => setText(filters.q), [filters.q]);

  // Over the address as it is at the event, not as last rendered (lib/address-now.ts).
  const change = (patch: Partial<SearchFilters>, name?: string) => {
    const now = addressParams();
    navigate(searchHref({ ...filtersFrom(now), ...patch }, name ?? now.get('author') ?? undefined), {
      replace: true,
    });
  };

  const summary = useSearchSummary(filters);
  const counts = summary.data?.counts;
  const didYouMean = summary.data?.didYouMean;
  // No kind in the address (the top bar's search, a link): the first tab with results, once counted.
  const kindChosen = params.has('kind');
  const firstFound = counts?.find((c) => c.count > 0)?.kind;
  const landing = !kindChosen && filters.q.trim() !== '' && (summary.isPending || firstFound !== undefined);
  // Meanwhile the first tab's results (the loader's, and most often the tab landed on) keep coming.
  useInfiniteQuery({ ...searchResultsQuery(filters), enabled: landing });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `change` is new each render; the counts decide.
  useEffect(() => {
    if (!kindChosen && firstFound) change({ kind: firstFound });
  }, [kindChosen, firstFound]);

  return (
    <section className="page search-page">
      <PageHeader title="Search" />
      <form
        className="search-page-form"
        onSubmit={(e) => {
          e.preventDefault();
          // A new text is a new search: it lands on its first tab with results, as from the top bar.
          if (text.trim())
            navigate(
              searchHref({ ...filters, q: text.trim(), kind: undefined, communityId: undefined }, authorName),
            );
        }}
      >
        <Input
          aria-label="Search text"
          value={text}
          maxLength={SEARCH_LIMITS.maxLength}
          onChange={(e) => setText(e.target.value)}
          placeholder='Words, "a phrase", OR, -without'
          allowClear={clearButton('the search text')}
        />
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </form>
      {didYouMean && (
        <p className="search-did-you-mean">
          Did you mean{' '}
          <Link
            to={searchHref(
              { q: didYouMean, authorId: filters.authorId, from: filters.from, to: filters.to },
              authorName,
            )}
          >
            {didYouMean}
          </Link>
          ?
        </p>
      )}
      <Card className="search-page-card">
        <Tabs
          activeKey={filters.kind}
          // The community filter stays between the kinds it applies to.
          onChange={(kind) =>
            change({
              kind: kind as SearchKind,
              communityId: hasCommunityFilter(kind as SearchKind) ? filters.communityId : undefined,
            })
          }
          // A tap opens the list of the tabs that do not fit (a phone has no hover); named for a screen reader.
          more={{ trigger: ['click'], icon: <MoreTabsIcon /> }}
          destroyOnHidden
          items={SEARCH_KINDS.map((kind) => ({
            key: kind,
            label: (
              <TabLabel
                label={KIND_LABELS[kind]}
                // The community filter narrows the open tab only: its count would not be of what it shows.
                count={
                  kind === filters.kind && filters.communityId !== undefined
                    ? undefined
                    : counts?.find((c) => c.kind === kind)
                }
              />
            ),
            children: kind === filters.kind && (
              <>
                <SearchFiltersBar filters={filters} authorName={authorName} onChange={change} />
                {landing ? (
                  <div role="status" aria-label="Searching">
                    <LoadingBlock rows={6} />
                  </div>
                ) : (
                  <SearchResults filters={filters} roleId={roleId} />
                )}
              </>
            ),
          }))}
        />
      </Card>
    </section>
  );
}
