// /reports/post-activity (role 1): the top posts by likes and comments (ranked by the server), every feed
// post's activity in a table that the server pages, sorts and searches (a group may have 100,000 posts),
// and the CSV of every post.
import {
  POST_ACTIVITY_SORTS,
  type PostActivitySort,
  type PostReportRow,
  REPORT_FILE_STEMS,
} from '@hearth/contract';
import { Card, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatTableDate } from '../../lib/dates';
import { DownloadCsvButton } from '../../lib/download-button';
import { PageHeader } from '../../lib/page-header';
import { clampedTextColumn } from '../../lib/state-tabs-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { type PostActivityParams, REPORT_PATHS, usePostActivity, useTopPosts } from './api';
import { ChartCard } from './chart-card';
import { TopPostsChart } from './lazy-charts';
import { POST_ACTIVITY_SORT, TOP_POSTS } from './loaders';
import { ReportSearch, ReportTable } from './report-table';
import { sortedColumn, type TableSorting, useReportTable } from './use-report-table';
import './reports.css';

// The date over the time: two short lines rather than one wide column (issue 33).
const date = (value: string | null) => formatTableDate(value);

function columnsFor(sorting: TableSorting<PostActivitySort>): TableColumnsType<PostReportRow> {
  const sorted = (key: PostActivitySort) => sortedColumn(key, sorting);
  return [
    { title: 'Title', dataIndex: 'title', width: 200, ...sorted('title') },
    { ...clampedTextColumn<PostReportRow>('Subtitle', 'subtitle', 200), ...sorted('subtitle') },
    { title: 'Start Date', dataIndex: 'startAt', width: 112, render: date, ...sorted('startAt') },
    { title: 'End Date', dataIndex: 'endAt', width: 112, render: date, ...sorted('endAt') },
    { title: 'Comments', dataIndex: 'comments', align: 'right', ...sorted('comments') },
    { title: 'Likes', dataIndex: 'likes', align: 'right', ...sorted('likes') },
    { title: 'Favourites', dataIndex: 'favourites', align: 'right', ...sorted('favourites') },
    {
      title: 'Categories',
      dataIndex: 'categoryName',
      key: 'categoryName',
      width: 150,
      render: (value: string) => value || '-',
    },
    // Reach (issue 18): people, not events; "-" where the post asks for no acknowledgement.
    { title: 'Seen', dataIndex: 'seen', align: 'right' },
    { title: 'Opened', dataIndex: 'opened', align: 'right' },
    {
      title: 'Acknowledged',
      dataIndex: 'acknowledged',
      align: 'right',
      render: (value: number | null) => (value === null ? '-' : value),
    },
  ];
}

function TopPostsCard() {
  const top = useTopPosts(TOP_POSTS);
  // A post nobody liked or commented on is no "top" post (the chart would show an empty bar).
  const posts = (top.data ?? []).filter((p) => p.likes + p.comments > 0);
  const first = posts[0];
  return (
    <ChartCard
      title="Top posts"
      summary={
        first
          ? `The ${posts.length} posts with the most likes and comments; first is "${first.title}" with ${first.likes} likes and ${first.comments} comments.`
          : 'No post has likes or comments yet.'
      }
      loading={top.isPending}
      error={top.isError ? top.error : undefined}
      onRetry={() => top.refetch()}
      empty={posts.length === 0}
      emptyText="No post has likes or comments yet"
    >
      <TopPostsChart posts={posts} />
    </ChartCard>
  );
}

export default function PostActivityReportPage() {
  useDocumentTitle('Post Activity Report');
  const table = useReportTable<PostReportRow, PostActivitySort>(POST_ACTIVITY_SORTS, POST_ACTIVITY_SORT);
  const { paging, sorting } = table;
  const query: PostActivityParams = { search: table.debouncedSearch, ...paging, ...sorting };
  const report = usePostActivity(query);
  const columns = useMemo(() => columnsFor(sorting), [sorting]);

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
      <TopPostsCard />
      <Card title="Posts">
        <search className="report-filters" aria-label="Filter posts">
          <ReportSearch
            label="Search posts"
            placeholder="Search by title or subtitle"
            search={table.search}
            setSearch={table.setSearch}
          />
        </search>
        <ReportTable<PostReportRow>
          report={report}
          columns={columns}
          onChange={table.onChange}
          pagination={table.pagination}
          noun="posts"
          // Below 1600 px the rest fit at 1280 px: the search still finds subtitles, and the reach figures
          // are also on each post's reach page.
          choice={{ table: 'post-activity', narrowHides: ['subtitle', 'seen', 'opened', 'acknowledged'] }}
        />
      </Card>
    </section>
  );
}
