// @vitest-environment happy-dom
// /reports/post-activity (issue 7, product.md section 9): the top posts chart (posts nobody liked or
// commented on left out), the posts' table whose search and sort go to the server, every column to choose
// (the CSV's and the reach figures), the empty states, and the CSV asked in the browser's time zone. It
// replaces the checks of reports.spec.ts's post activity journey that need no browser; that the server
// searches, sorts, pages, ranks the top posts and writes these CSV columns is
// server/src/features/reports/user-activity.test.ts's.
import {
  POST_ACTIVITY_CSV_COLUMNS,
  type PostReportRow,
  REPORT_FILE_STEMS,
  reportsEndpoints,
  systemEndpoints,
} from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads, csvAnswer } from '../../test/downloads';
import { type ApiMock, mockApi, ok } from '../../test/fetch-mock';
import { columnHeaders, fill } from '../../test/fields';
import { PUBLIC_CONFIG } from '../../test/fixtures';
import { renderPage, signIn } from '../../test/render';
import PostActivityReportPage from './post-activity-page';
import { showEveryColumn } from './test-support';

function post(id: number, patch: Partial<PostReportRow> = {}): PostReportRow {
  return {
    id,
    title: `Canteen news ${id}`,
    subtitle: 'New menu',
    startAt: '2026-03-02 08:00:00',
    endAt: null,
    comments: 1,
    likes: 2,
    favourites: 0,
    categoryName: 'Company News',
    seen: 10,
    opened: 4,
    acknowledged: null,
    ...patch,
  };
}

const TOP = [
  post(1, { title: 'Canteen reopens', likes: 5, comments: 3 }),
  post(2, { title: 'Parking', likes: 1, comments: 0 }),
  post(3, { title: 'Nobody cared', likes: 0, comments: 0 }),
];

let api: ApiMock;
beforeEach(() => {
  signIn('admin');
  api = mockApi()
    .on(systemEndpoints.getPublicConfig, ok(PUBLIC_CONFIG))
    .on(reportsEndpoints.getTopPostsReport, ok(TOP))
    .on(reportsEndpoints.getPostActivityReport, ok({ rows: [post(1), post(2)], total: 2 }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const open = () => renderPage(<PostActivityReportPage />, { at: '/reports/post-activity' });
/** The query of the last table request. */
const lastQuery = () => api.sent(reportsEndpoints.getPostActivityReport).at(-1)?.query;

describe('the post activity report', () => {
  it('draws the top posts and lists the posts, every column to choose', async () => {
    const { user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Activity Report' })).toBeVisible();
    expect(document.title).toMatch(/^Post Activity Report/);
    // A post nobody liked or commented on is no top post.
    expect(
      await screen.findByRole('figure', {
        name: 'Top posts: The 2 posts with the most likes and comments; first is "Canteen reopens" with 5 likes and 3 comments.',
      }),
    ).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Canteen news 1' })).toBeVisible();
    expect(screen.getByText('2 posts')).toBeVisible();

    // Below 1600 px four columns are left out (issue 33); the chooser shows them all: the CSV's, then reach.
    const chooser = screen.getByRole('button', { name: 'Columns (7 of 11)' });
    await showEveryColumn(user, chooser);
    expect(chooser).toHaveTextContent('Columns (11 of 11)');
    expect(columnHeaders()).toEqual([...POST_ACTIVITY_CSV_COLUMNS, 'Seen', 'Opened', 'Acknowledged']);
  });

  it('asks the server for the search and the sort by Likes, and says when no post matches', async () => {
    const { user } = open();
    await screen.findByRole('cell', { name: 'Canteen news 1' });
    expect(lastQuery()).toEqual({ page: '1', pageSize: '20', sort: 'startAt', order: 'desc' });

    api.on(reportsEndpoints.getPostActivityReport, (request) =>
      ok(request.query.search ? { rows: [], total: 0 } : { rows: [post(1), post(2)], total: 2 }),
    );
    const search = screen.getByRole('searchbox', { name: 'Search posts' });
    await fill(user, search, 'no post is called this');
    expect(await screen.findByText('There are no posts to display')).toBeVisible();
    expect(lastQuery()).toMatchObject({ search: 'no post is called this', page: '1' });

    // Cleared, the search shows the first page again (the query client still holds it).
    await fill(user, search, '');
    expect(await screen.findByRole('cell', { name: 'Canteen news 1' })).toBeVisible();

    await user.click(screen.getByRole('columnheader', { name: 'Likes' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', pageSize: '20', sort: 'likes', order: 'asc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Likes' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says when no post has likes or comments yet', async () => {
    api.on(reportsEndpoints.getTopPostsReport, ok([TOP[2]]));
    open();
    expect(await screen.findByText('No post has likes or comments yet')).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('downloads the CSV in the browser’s time zone, under the server’s name', async () => {
    const name = `${REPORT_FILE_STEMS.postActivity}-20260302-101010.csv`;
    api.on(reportsEndpoints.downloadPostActivityCsv, csvAnswer(name, POST_ACTIVITY_CSV_COLUMNS.join(',')));
    const saved = catchDownloads();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([name]));
    expect(api.sent(reportsEndpoints.downloadPostActivityCsv)[0]?.query).toEqual({
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
