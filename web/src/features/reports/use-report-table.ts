// The state of a report table that the server pages, sorts and searches: page and page size, sort column
// and order, and the search box (debounced before it reaches the query). Any change of sort, page size or
// search goes back to the first page.
import { LIMITS } from '@hearth/contract';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/debounced-value';
import { FIRST_PAGE } from './loaders';
import { apiSort, type TableSorting } from './report-logic';

export type { TableSorting } from './report-logic';

/** A sortable column's props: the server sorts, antd only shows which column and order are active. */
export function sortedColumn<S extends string>(key: S, sorting: TableSorting<S>) {
  return {
    key,
    sorter: true,
    sortOrder:
      sorting.sort === key ? (sorting.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  };
}

export function useReportTable<Row, S extends string>(sorts: readonly S[], defaultSort: TableSorting<S>) {
  const [search, setSearchText] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), LIMITS.debounceMs);
  const [paging, setPaging] = useState<{ page: number; pageSize: number }>(FIRST_PAGE);
  const [sorting, setSorting] = useState(defaultSort);

  /** Back to page 1 (a filter changed). */
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));

  const setSearch = (value: string) => {
    setSearchText(value);
    firstPage();
  };

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = apiSort(one?.columnKey, one?.order, defaultSort, sorts);
    const sortChanged = next.sort !== sorting.sort || next.order !== sorting.order;
    setSorting(next);
    const pageSize = pagination.pageSize ?? paging.pageSize;
    setPaging({
      page: sortChanged || pageSize !== paging.pageSize ? 1 : (pagination.current ?? 1),
      pageSize,
    });
  };

  /** The table's pagination for `total` rows, e.g. "120 users". */
  const pagination = (total: number, noun: string): TablePaginationConfig => ({
    current: paging.page,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => `${count} ${noun}`,
  });

  return {
    /** What the search box shows. */
    search,
    setSearch,
    /** The settled, trimmed search for the query; undefined when empty. */
    debouncedSearch: debouncedSearch || undefined,
    paging,
    sorting,
    firstPage,
    onChange,
    pagination,
  };
}
