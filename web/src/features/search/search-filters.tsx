// The results page's filters: sort, dates, and (where the kind has them) community and author. Each change
// writes the address, which the page reads back.
import type { SearchKind } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '../../lib/date-picker';
import { popupContainer } from '../../lib/popup-container';
import { useColleagueSearch } from '../../shared/people/use-colleague-search';
import type { SearchFilters } from './api';
import { AUTHOR_KINDS, hasCommunityFilter } from './filter-kinds';
import { searchCommunityOptionsQuery } from './queries';

type Props = {
  filters: SearchFilters;
  authorName?: string;
  onChange: (patch: Partial<SearchFilters>, authorName?: string) => void;
};

function useCommunityOptions(enabled: boolean) {
  return useQuery(searchCommunityOptionsQuery(enabled));
}

/** The picked day as YYYY-MM-DD; the pickers here choose one day, never a range. */
const dayOf = (d: Dayjs | Dayjs[] | null) => (d && !Array.isArray(d) ? d.format('YYYY-MM-DD') : undefined);

const hasFilter = (kind: SearchKind, list: readonly SearchKind[]) => list.includes(kind);

export function SearchFiltersBar({ filters, authorName, onChange }: Props) {
  const withCommunity = hasCommunityFilter(filters.kind);
  const withAuthor = hasFilter(filters.kind, AUTHOR_KINDS);
  const withDates = filters.kind !== 'people';
  const communities = useCommunityOptions(withCommunity);
  const colleagues = useColleagueSearch();
  const anySet = filters.communityId || filters.authorId || filters.from || filters.to;

  return (
    <div className="search-filters">
      <Select
        aria-label="Sort"
        value={filters.sort}
        onChange={(sort) => onChange({ sort })}
        getPopupContainer={popupContainer}
        options={[
          { value: 'relevance', label: 'Best match' },
          { value: 'date', label: 'Newest first' },
        ]}
        className="search-filter-sort"
      />
      {withDates && (
        <>
          <DatePicker
            aria-label="From date"
            placeholder="From"
            value={filters.from ? dayjs(filters.from) : null}
            onChange={(d) => onChange({ from: dayOf(d) })}
            getPopupContainer={popupContainer}
            className="search-filter-date"
          />
          <DatePicker
            aria-label="To date"
            placeholder="To"
            value={filters.to ? dayjs(filters.to) : null}
            onChange={(d) => onChange({ to: dayOf(d) })}
            getPopupContainer={popupContainer}
            className="search-filter-date"
          />
        </>
      )}
      {withCommunity && (
        <Select
          aria-label="Community"
          placeholder="Any community"
          allowClear
          showSearch
          optionFilterProp="label"
          loading={communities.isPending}
          value={filters.communityId}
          onChange={(communityId?: number) => onChange({ communityId })}
          getPopupContainer={popupContainer}
          options={(communities.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
          className="search-filter-select"
        />
      )}
      {withAuthor && (
        <Select
          aria-label="Author"
          placeholder="Any author"
          allowClear
          showSearch
          filterOption={false}
          onSearch={colleagues.setQuery}
          loading={colleagues.loading}
          value={filters.authorId}
          onChange={(authorId: number | undefined, option) => {
            const picked = Array.isArray(option) ? undefined : option;
            onChange({ authorId }, picked?.label as string | undefined);
          }}
          getPopupContainer={popupContainer}
          notFoundContent={colleagues.query ? 'No colleagues found' : 'Type a name'}
          options={[
            ...(filters.authorId && !colleagues.users.some((u) => u.id === filters.authorId)
              ? [{ value: filters.authorId, label: authorName ?? 'Chosen author' }]
              : []),
            ...colleagues.users.map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}` })),
          ]}
          className="search-filter-select"
        />
      )}
      {anySet && (
        <Button
          type="link"
          onClick={() =>
            onChange({ communityId: undefined, authorId: undefined, from: undefined, to: undefined })
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
