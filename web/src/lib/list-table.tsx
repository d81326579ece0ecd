// The house table for admin lists: pages by 20 and shows SPEC's empty-state text. Columns and rows are the
// caller's; each list keeps its key columns on every screen and adds the others as the width allows
// (`from`), so a 1280 px screen needs no sideways scroll and a phone shows what identifies a row (issue 14).
// Whatever still does not fit scrolls sideways inside the table, never the page.
import { MSG } from '@hearth/contract';
import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/** The smallest screen a column shows on (antd's breakpoints: sm 576, md 768, lg 992, xl 1200, xxl 1600 px). */
export const from = (breakpoint: 'sm' | 'md' | 'lg' | 'xl' | 'xxl') => ({ responsive: [breakpoint] });

/** Long text in a cell (titles, names, addresses) wraps within a bounded width instead of widening the table. */
export function Wrap({ children }: { children: ReactNode }) {
  return <span className="cell-wrap">{children}</span>;
}

type Props<T> = { rows: T[]; loading: boolean; columns: TableProps<T>['columns'] };

export function ListTable<T extends { id: number }>({ rows, loading, columns }: Props<T>) {
  return (
    <Table<T>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      className="list-table"
      pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={MSG.noUsers} /> }}
    />
  );
}
