// /search (issue 17): the results of the top bar's search, one tab per kind, with filters, sort,
// highlighted snippets and "Load more". Everything the page shows is in its address, so Back, reload and a
// shared link give the same results.
import { SEARCH_KINDS, SEARCH_LIMITS, type SearchKind } from '@hearth/contract';
import { Button, Card, Input, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../lib/page-header';
import { useProfile } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { SearchFilters } from './api';
import { KIND_LABELS } from './kind-labels';
import { SearchFiltersBar } from './search-filters';
import { SearchResults } from './search-results';
import { filtersFrom, searchHref } from './search-url';
import './search-page.css';
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

  const change = (patch: Partial<SearchFilters>, name = authorName) =>
    navigate(searchHref({ ...filters, ...patch }, name), { replace: true });

  return (
    <section className="page search-page">
      <PageHeader title="Search" />
      <form
        className="search-page-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) navigate(searchHref({ ...filters, q: text.trim() }, authorName));
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
      <Card className="search-page-card">
        <Tabs
          activeKey={filters.kind}
          onChange={(kind) => change({ kind: kind as SearchKind, communityId: undefined })}
          destroyOnHidden
          items={SEARCH_KINDS.map((kind) => ({
            key: kind,
            label: KIND_LABELS[kind],
            children: kind === filters.kind && (
              <>
                <SearchFiltersBar filters={filters} authorName={authorName} onChange={change} />
                <SearchResults filters={filters} roleId={roleId} />
              </>
            ),
          }))}
        />
      </Card>
    </section>
  );
}
