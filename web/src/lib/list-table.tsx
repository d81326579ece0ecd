// The house table for admin lists: scrolls sideways on narrow screens, pages by 20, and shows SPEC's
// empty-state text. Columns and rows are the caller's.
import { MSG } from '@hearth/contract';
import { Empty, Table, type TableProps } from 'antd';

type Props<T> = { rows: T[]; loading: boolean; columns: TableProps<T>['columns'] };

export function ListTable<T extends { id: number }>({ rows, loading, columns }: Props<T>) {
  return (
    <Table<T>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={MSG.noUsers} /> }}
    />
  );
}
