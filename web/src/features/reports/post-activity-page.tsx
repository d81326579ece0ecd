// /reports/post-activity (role 1): the top posts by likes and comments, every feed post's activity in a
// table (sorted and searched in the browser: GET /newsfeed/postsReport answers all posts), and the CSV.
import { type PostReportRow, REPORT_FILE_STEMS } from '@hearth/contract';
import { Card, Empty, Input, Table, type TableColumnsType, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { formatTableDate } from '../../lib/dates';
import { PageHeader } from '../../lib/page-header';
import { LoadError } from '../../lib/query-states';
import { byText, clampedTextColumn } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { REPORT_PATHS, usePostsReport } from './api';
import { ChartCard } from './chart-card';
import { DownloadCsvButton } from './download-button';
import { TopPostsChart } from './lazy-charts';
import { matchesTitle, topPosts } from './report-logic';
import './reports.css';

const byDate = (a: string | null, b: string | null) => (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0) || 0;

const dateColumn = (title: string, key: 'startAt' | 'endAt'): TableColumnType<PostReportRow> => ({
  title,
  key,
  sorter: (a, b) => byDate(a[key], b[key]),
  render: (_, row) => <span className="report-nowrap">{formatTableDate(row[key])}</span>,
});

const countColumn = (
  title: string,
  key: 'comments' | 'likes' | 'favourites',
): TableColumnType<PostReportRow> => ({
  title,
  dataIndex: key,
  key,
  align: 'right',
  sorter: (a, b) => a[key] - b[key],
});

const columns: TableColumnsType<PostReportRow> = [
  {
    title: 'Title',
    dataIndex: 'title',
    key: 'title',
    sorter: (a, b) => byText(a.title, b.title),
    width: 240,
  },
  clampedTextColumn<PostReportRow>('Subtitle', 'subtitle', 240),
  { ...dateColumn('Start Date', 'startAt'), defaultSortOrder: 'descend' },
  dateColumn('End Date', 'endAt'),
  countColumn('Comments', 'comments'),
  countColumn('Likes', 'likes'),
  countColumn('Favourites', 'favourites'),
  {
    title: 'Categories',
    dataIndex: 'categoryName',
    key: 'categoryName',
    sorter: (a, b) => byText(a.categoryName, b.categoryName),
    render: (value: string) => value || '-',
  },
];

export default function PostActivityReportPage() {
  useDocumentTitle('Post Activity Report');
  const report = usePostsReport();
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => (report.data ?? []).filter((r) => matchesTitle(r, search)),
    [report.data, search],
  );
  const top = useMemo(() => topPosts(report.data ?? []), [report.data]);

  return (
    <section className="page report-stack">
      <PageHeader
        title="Post Activity Report"
        extra={
          <DownloadCsvButton
            path={REPORT_PATHS.postActivityCsv}
            fallbackName={`${REPORT_FILE_STEMS.postActivity}.csv`}
          />
        }
      />
      {report.isError ? (
        <Card>
          <LoadError error={report.error} onRetry={() => report.refetch()} />
        </Card>
      ) : (
        <>
          <ChartCard
            title="Top posts"
            summary={
              top[0]
                ? `The ${top.length} posts with the most likes and comments; first is "${top[0].title}" with ${top[0].likes} likes and ${top[0].comments} comments.`
                : 'No post has likes or comments yet.'
            }
            loading={report.isPending}
            empty={top.length === 0}
            emptyText="No post has likes or comments yet"
          >
            <TopPostsChart posts={top} />
          </ChartCard>
          <Card title="Posts">
            <search className="report-filters" aria-label="Filter posts">
              <Input.Search
                className="report-search"
                placeholder="Search by title"
                aria-label="Search posts by title"
                allowClear
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </search>
            <Table<PostReportRow>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={report.isPending}
              scroll={{ x: 'max-content' }}
              showSorterTooltip={false}
              pagination={{ pageSize: 20, showSizeChanger: true, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description="There are no posts to display" /> }}
            />
          </Card>
        </>
      )}
    </section>
  );
}
