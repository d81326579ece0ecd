// The table of a report whose rows the server pages, sorts and searches (user activity, post activity):
// its search box, and the load error with Retry or the rows, with the shared table state (use-report-table.ts).
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Input, Table, type TableColumnsType, type TableProps } from 'antd';
import { LoadError } from '../../lib/query-states';
import { useColumnChoice } from './column-choice';

type Page<Row> = { rows: Row[]; total: number };

export function ReportTable<Row extends { id: number }>({
  report,
  columns,
  onChange,
  pagination,
  noun,
  choice,
}: {
  report: UseQueryResult<Page<Row>>;
  columns: TableColumnsType<Row>;
  onChange: TableProps<Row>['onChange'];
  pagination: (total: number, noun: string) => TableProps<Row>['pagination'];
  /** What the rows are, plural: "users" shows "120 users" and "There are no users to display". */
  noun: string;
  /** The table's name for the reader's column choice, and the columns it leaves out below 1600 px. */
  choice: { table: string; narrowHides: string[] };
}) {
  const { shown, chooser } = useColumnChoice(choice.table, columns, choice.narrowHides);
  if (report.isError) return <LoadError error={report.error} onRetry={() => report.refetch()} />;
  return (
    <>
      <div className="report-table-tools">{chooser}</div>
      <Table<Row>
        rowKey="id"
        size="small"
        columns={shown}
        dataSource={report.data?.rows ?? []}
        loading={report.isFetching}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        showSorterTooltip={false}
        pagination={pagination(report.data?.total ?? 0, noun)}
        locale={{ emptyText: <Empty description={`There are no ${noun} to display`} /> }}
      />
    </>
  );
}

/** The report's search box; the query gets its text debounced (use-report-table.ts). */
export function ReportSearch({
  label,
  placeholder,
  search,
  setSearch,
}: {
  label: string;
  placeholder: string;
  search: string;
  setSearch: (value: string) => void;
}) {
  return (
    <Input.Search
      className="report-search"
      placeholder={placeholder}
      aria-label={label}
      allowClear
      value={search}
      maxLength={100}
      onChange={(e) => setSearch(e.target.value)}
    />
  );
}
