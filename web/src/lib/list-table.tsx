// The house table for admin lists: pages by 20 and shows product.md's empty-state text. Columns and rows are
// the caller's; each list keeps its key columns at every width and adds the others as its own width allows
// (`from`), so a 1280 px screen needs no sideways scroll and a phone shows what identifies a row (issue 14).
// The list's width, not the window's: beside the side menu at 200% zoom (640 px of a 1280 px screen) a
// window breakpoint chose columns for twice the room the list had. Whatever still does not fit scrolls
// sideways inside the table, never the page.
import { MSG } from '@hearth/contract';
import { Empty, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { useElementWidth } from './use-element-width';
import './list-table.css';

/** Shows a column once the list itself is at least `px` wide. */
export const from = (px: number) => ({ minListWidth: px });

/** Below this width a list's cells take antd's small padding. */
const NARROW_LIST = 420;

export type ListColumns<T> = (TableColumnsType<T>[number] & { minListWidth?: number })[];

/** Long text in a cell (titles, names, addresses) wraps within a bounded width instead of widening the table. */
export function Wrap({ children }: { children: ReactNode }) {
  return <span className="cell-wrap">{children}</span>;
}

type Props<T> = { rows: T[]; loading: boolean; columns: ListColumns<T> };

export function ListTable<T extends { id: number }>({ rows, loading, columns }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const shown = useMemo(
    () =>
      columns
        .filter((c) => (c.minListWidth ?? 0) <= (width ?? 0))
        .map(({ minListWidth: _, ...column }) => column),
    [columns, width],
  );
  return (
    <div ref={ref}>
      <Table<T>
        rowKey="id"
        columns={shown}
        // Narrow lists (a phone, or beside the side menu at 200% zoom) keep their key columns on screen
        // with antd's small cell padding.
        size={(width ?? 0) < NARROW_LIST ? 'small' : 'large'}
        dataSource={rows}
        loading={loading}
        className="list-table"
        pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={MSG.noUsers} /> }}
      />
    </div>
  );
}
