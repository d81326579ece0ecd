// @vitest-environment happy-dom
// A report table's columns (issue 33): below 1600 px the ones the page names are left out by default, the
// control says how many are shown, any column can be shown or hidden (not the last one), and the choice
// is kept in this browser.
import type { UseQueryResult } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { columnHeaders } from '../../test/fields';
import { renderPage, signIn } from '../../test/render';
import { ReportTable } from './report-table';

type Row = { id: number; title: string; seen: number; opened: number };
const COLUMNS = [
  { title: 'Title', dataIndex: 'title' },
  { title: 'Seen', dataIndex: 'seen' },
  { title: 'Opened', dataIndex: 'opened' },
];
const report = {
  data: { rows: [{ id: 1, title: 'Canteen reopens', seen: 4, opened: 2 }], total: 1 },
  isError: false,
  isFetching: false,
} as unknown as UseQueryResult<{ rows: Row[]; total: number }>;

function table() {
  return renderPage(
    <ReportTable<Row>
      report={report}
      columns={COLUMNS}
      onChange={() => undefined}
      pagination={() => false}
      noun="posts"
      choice={{ table: 'test-table', narrowHides: ['seen', 'opened'] }}
    />,
  );
}

beforeEach(() => {
  signIn('admin');
  mockApi();
  localStorage.clear();
});

describe('column choice', () => {
  it('leaves out the named columns on a narrower window and says how many it shows', () => {
    table();
    expect(columnHeaders()).toEqual(['Title']);
    expect(screen.getByRole('button', { name: 'Columns (1 of 3)' })).toBeVisible();
  });

  it('shows a chosen column, keeps the choice, and never hides the last one', async () => {
    const first = table();
    await first.user.click(screen.getByRole('button', { name: 'Columns (1 of 3)' }));
    const panel = await screen.findByRole('dialog', { name: 'Columns' });
    await first.user.click(within(panel).getByRole('checkbox', { name: 'Opened' }));
    expect(columnHeaders()).toEqual(['Title', 'Opened']);
    await first.user.click(within(panel).getByRole('checkbox', { name: 'Title' }));
    await first.user.click(within(panel).getByRole('checkbox', { name: 'Opened' }));
    expect(columnHeaders()).toEqual(['Opened']);
    first.unmount();

    table();
    expect(columnHeaders()).toEqual(['Opened']);
    expect(screen.getByRole('button', { name: 'Columns (1 of 3)' })).toBeVisible();
  });
});
