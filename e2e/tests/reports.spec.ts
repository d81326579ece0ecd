// Admin reports journey (issue 7): what needs a real browser. At the journeys' 1280 px the user and post
// activity tables show their default columns without a sideways scroll (issue 33) and the charts draw (an
// SVG needs real layout); a CSV downloads through the browser under its dated file name, starting with its
// header row. Everything else is checked without a browser: the index's cards and links are
// reports-page.test.tsx's; each report's table, search, filters, sort, column choice, charts' data, empty
// states and CSV request are user-activity-page.test.tsx's, post-activity-page.test.tsx's,
// survey-responses-page.test.tsx's and survey-response-page.test.tsx's (web/src/features/reports/); the
// rows, their filtering, sorting and paging and each CSV's columns are the server's
// (server/src/features/reports/user-activity.test.ts, survey-report.test.ts); that staff have no reports is
// the route table's, the menu's (lib/route-table.test.ts, app/layout/menu-items.test.ts) and the API's
// (server/test/authz-matrix.test.ts). The survey report's chart draws in anonymous-survey.spec.ts.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { REPORT_FILE_STEMS, USER_ACTIVITY_CSV_COLUMNS } from '../../contract/src/schemas/reports';
import { DEMO, openAs } from './helpers';

const STAMP = String.raw`\d{8}-\d{6}`;

/**
 * Clicks Download CSV, checks the file is named `<stem>-<YYYYMMDD-HHmmss>.csv` and answers its first line
 * (without a UTF-8 BOM).
 */
async function downloadCsv(page: Page, stem: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${stem}-${STAMP}\\.csv$`));
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** The report's table has rows, and its default columns fit the page's width without a sideways scroll. */
async function expectTableFits(page: Page) {
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const table = page.locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
}

/** The chart card with this title has drawn an SVG chart. */
async function expectChart(page: Page, title: string) {
  const card = page.locator('.report-chart-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('svg.recharts-surface').first()).toBeVisible();
}

test('the activity reports fit 1280 px and draw their charts; a CSV downloads with its dated name and header', async ({
  page,
}) => {
  await openAs(page, DEMO.admin, '/reports/user-activity');
  await expect(page.getByRole('heading', { level: 1, name: 'User Activity Report' })).toBeVisible();
  await expectTableFits(page);
  await expectChart(page, 'Active users per week');
  const firstLine = await downloadCsv(page, REPORT_FILE_STEMS.userActivity);
  expect(firstLine).toBe(USER_ACTIVITY_CSV_COLUMNS.join(','));

  await page.goto('/reports/post-activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Activity Report' })).toBeVisible();
  await expectTableFits(page);
  await expectChart(page, 'Top posts');
});
