// The admin list page with Publish and Draft tabs (rows split by stateId, each tab labelled with its count)
// over the house ListTable, a header with a create button, and an optional block above the tabs (e.g.
// counters). Also the columns several lists share (Title, clamped text, Created) and `adminListPage`, a whole
// list page from its settings.
import { PlusOutlined } from '@ant-design/icons';
import { STATE } from '@hearth/contract';
import { Button, Card, type TableColumnType, Tabs, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CountLabel } from './count-label';
import { formatTableDate } from './dates';
import { type ListColumns, ListTable, Wrap } from './list-table';
import { PageHeader } from './page-header';
import { LoadError } from './query-states';
import { useDocumentTitle } from './use-document-title';

type Row = { id: number; stateId: number };

/** The parts of a TanStack Query result the page needs. */
type ListQuery<T> = {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type StateSplit<T> = { all: T[]; published: T[]; drafts: T[] };

type Props<T extends Row> = {
  title: string;
  createLabel: string;
  /** Where the create button goes. */
  createPath: string;
  query: ListQuery<T>;
  columns: ListColumns<T>;
  /** Shown above the tabs card once the list has loaded (not on error). */
  summary?: (split: StateSplit<T>, loading: boolean) => ReactNode;
};

/** Published rows and the rest (drafts), as the Publish and Draft tabs show them. */
export function useStateSplit<T extends Row>(data: T[] | undefined): StateSplit<T> {
  return useMemo(() => {
    const all = data ?? [];
    return {
      all,
      published: all.filter((r) => r.stateId === STATE.PUBLISHED),
      drafts: all.filter((r) => r.stateId !== STATE.PUBLISHED),
    };
  }, [data]);
}

export function StateTabsList<T extends Row>({
  title,
  createLabel,
  createPath,
  query,
  columns,
  summary,
}: Props<T>) {
  const navigate = useNavigate();
  const split = useStateSplit(query.data);
  const loading = query.isPending;
  const table = (rows: T[]) => <ListTable<T> rows={rows} loading={loading} columns={columns} />;

  return (
    <section className="page">
      <PageHeader
        title={title}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(createPath)}>
            {createLabel}
          </Button>
        }
      />
      {query.isError ? (
        <Card>
          <LoadError error={query.error} onRetry={() => query.refetch()} />
        </Card>
      ) : (
        <>
          {summary?.(split, loading)}
          <Card>
            <Tabs
              items={[
                {
                  key: 'publish',
                  label: <CountLabel text="Publish" count={split.published.length} />,
                  children: table(split.published),
                },
                {
                  key: 'draft',
                  label: <CountLabel text="Draft" count={split.drafts.length} />,
                  children: table(split.drafts),
                },
              ]}
            />
          </Card>
        </>
      )}
    </section>
  );
}

/** A list page: the document title is the page's, the rows come from `useList`. */
export function adminListPage<T extends Row>({
  useList,
  ...props
}: Omit<Props<T>, 'query'> & { useList: () => ListQuery<T> }) {
  return function AdminListPage() {
    useDocumentTitle(props.title);
    const query = useList();
    return <StateTabsList<T> {...props} query={query} />;
  };
}

type TextKey<T> = { [K in keyof T]: T[K] extends string | null | undefined ? K : never }[keyof T] & string;

/** The width of a clamped text column: wide descriptions wrap here instead of pushing later columns away. */
export const CLAMPED_TEXT_WIDTH = 280;
const clampStyle = { width: CLAMPED_TEXT_WIDTH - 32, margin: 0, overflowWrap: 'anywhere' } as const;

/** A column of long text shown in at most two lines, the whole text in a tooltip. */
export function clampedTextColumn<T>(
  title: string,
  key: TextKey<T>,
  width = CLAMPED_TEXT_WIDTH,
): TableColumnType<T> {
  return {
    title,
    key,
    width,
    render: (_, row) => {
      const text = (row[key] as string | null | undefined) ?? '';
      return (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={clampStyle}>
          {text}
        </Typography.Paragraph>
      );
    },
  };
}

/** Sorts text case-insensitively. */
export const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** The Title column: each title links to its row's edit form (`editPath`). */
export function titleColumn<T extends { id: number; title: string }>(
  editPath: (row: T) => string,
): TableColumnType<T> {
  return {
    title: 'Title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    render: (_, row) => (
      <Wrap>
        <Link to={editPath(row)}>{row.title}</Link>
      </Wrap>
    ),
  };
}

/** The Created column, newest first until the user sorts otherwise. */
export function createdColumn<T extends { createdAt: string }>(): TableColumnType<T> {
  return {
    title: 'Created',
    dataIndex: 'createdAt',
    key: 'createdAt',
    sorter: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || 0,
    defaultSortOrder: 'descend',
    render: (value: string) => formatTableDate(value),
  };
}
