// Admin reports journey (issue 7): each report with its table and chart; each CSV downloaded with the right
// file name and header row. The index's cards and links are reports-page.test.tsx's; that staff have no
// reports is the route table's, the menu's (lib/route-table.test.ts, app/layout/menu-items.test.ts) and
// the API's (server/test/authz-matrix.test.ts).
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  POST_ACTIVITY_CSV_COLUMNS,
  REPORT_FILE_STEMS,
  USER_ACTIVITY_CSV_COLUMNS,
} from '../../contract/src/schemas/reports';
import { DEMO, openAs, tokenOf } from './helpers';

const SURVEY_TITLE = 'Canteen feedback';
const STAMP = String.raw`\d{8}-\d{6}`;

type FormQuestion = { id: number; options: { value: string }[] };
type Form = { categories: { questions: FormQuestion[] }[] };

/** Staff answer the demo's refillable survey through the API, so its report has a response. */
async function answerCanteenSurvey(request: APIRequestContext): Promise<number> {
  const admin = await tokenOf(request, DEMO.admin);
  const list = await request.get('/v1/api/reports/survey-responses', {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(list.status()).toBe(200);
  const survey = ((await list.json()).data as { id: number; title: string }[]).find(
    (s) => s.title === SURVEY_TITLE,
  );
  expect(survey, `demo survey "${SURVEY_TITLE}"`).toBeTruthy();
  const id = survey?.id ?? 0;

  const staff = await tokenOf(request, DEMO.staff);
  const auth = { authorization: `Bearer ${staff}` };
  const formRes = await request.get(`/v1/api/surveys/${id}/form`, { headers: auth });
  expect(formRes.status()).toBe(200);
  const form = (await formRes.json()).data as Form;
  const answers = form.categories
    .flatMap((c) => c.questions)
    .map((q) => ({ surveyQuestionId: q.id, textAnswer: q.options[0]?.value ?? 'Great lunch, thanks' }));
  const submit = await request.post('/v1/api/surveys/instances', {
    headers: auth,
    data: { surveyId: id, answers },
  });
  expect(submit.status()).toBe(201);
  return id;
}

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

/** The table shows each of these column headers. */
async function expectColumns(page: Page, columns: readonly string[]) {
  for (const column of columns) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
}

/**
 * At the journeys' 1280 px the table shows what fits without a sideways scroll (issue 33) and says how many
 * columns it shows; the column choice shows the rest, `columns` among them, and the choice is kept.
 */
async function expectAllColumns(page: Page, columns: readonly string[]) {
  const table = page.locator('.ant-table-content');
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  const chooser = page.getByRole('button', { name: /^Columns \(\d+ of \d+\)$/ });
  await chooser.click();
  const panel = page.getByRole('dialog', { name: 'Columns' });
  for (const box of await panel.getByRole('checkbox').all()) await box.check();
  await expect(chooser).toHaveText(/^Columns \((\d+) of \1\)$/);
  await page.keyboard.press('Escape');
  await expectColumns(page, columns);
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expectColumns(page, columns);
}

/** Sorting by Likes asks the server for that order; the header then says so. */
async function sortByLikes(page: Page) {
  const likes = page.getByRole('columnheader', { name: 'Likes', exact: true });
  await likes.click();
  await expect(likes).toHaveAttribute('aria-sort', 'ascending');
}

/** The chart card with this title has drawn an SVG chart. */
async function expectChart(page: Page, title: string) {
  const card = page.locator('.report-chart-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('svg.recharts-surface').first()).toBeVisible();
}

test.describe('admin reports', () => {
  test('user activity: chart, filtered and sorted table, CSV columns of product.md', async ({ page }) => {
    await openAs(page, DEMO.admin, '/reports');
    await page.getByRole('link', { name: /^User Activity/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Activity Report' })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expectAllColumns(page, USER_ACTIVITY_CSV_COLUMNS);
    await expectChart(page, 'Active users per week');

    // Search narrows the rows on the server; sorting by Likes asks the server for that order.
    await page.getByLabel('Search users').fill('staff');
    await expect(page.locator('.ant-table-row')).not.toHaveCount(0);
    await sortByLikes(page);

    const firstLine = await downloadCsv(page, REPORT_FILE_STEMS.userActivity);
    expect(firstLine).toBe(USER_ACTIVITY_CSV_COLUMNS.join(','));
  });

  test('post activity: top posts chart, table and CSV columns of product.md', async ({ page }) => {
    await openAs(page, DEMO.admin, '/reports/post-activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Post Activity Report' })).toBeVisible();
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expectAllColumns(page, POST_ACTIVITY_CSV_COLUMNS);
    await expectChart(page, 'Top posts');

    // Search, sort and paging happen on the server: a search for nothing answers no rows, and sorting by
    // Likes asks the server for that order.
    await page.getByLabel('Search posts').fill('no post is called this');
    await expect(page.getByText('There are no posts to display')).toBeVisible();
    await page.getByLabel('Search posts').fill('');
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await sortByLikes(page);

    const firstLine = await downloadCsv(page, REPORT_FILE_STEMS.postActivity);
    expect(firstLine).toBe(POST_ACTIVITY_CSV_COLUMNS.join(','));
  });

  test('survey responses: the list, one survey with its answers, chart and CSV', async ({
    page,
    request,
  }) => {
    const surveyId = await answerCanteenSurvey(request);
    await openAs(page, DEMO.admin, '/reports/survey-responses');
    await expect(page.getByRole('heading', { level: 1, name: 'Survey Responses' })).toBeVisible();
    await expectColumns(page, ['Title', 'State', 'Start', 'End', 'Responses']);
    await page.getByRole('link', { name: SURVEY_TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/survey-responses/${surveyId}$`));
    await expect(page.getByRole('heading', { level: 1, name: SURVEY_TITLE })).toBeVisible();
    const count = Number(await page.locator('.ant-statistic-content-value').first().innerText());
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('list', { name: 'Respondents' })).toContainText(DEMO.staff);
    await expect(page.getByRole('heading', { name: 'Which meal did you have?' })).toBeVisible();
    await expect(page.locator('figure.report-chart svg.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Answers to Comments' })).toContainText(
      'Great lunch, thanks',
    );

    const firstLine = await downloadCsv(page, `${REPORT_FILE_STEMS.surveyResponses}-${surveyId}`);
    expect(firstLine).toContain('Which meal did you have?');
  });

  test('a survey without responses says so', async ({ page }) => {
    await openAs(page, DEMO.admin, '/reports/survey-responses');
    await page.getByRole('link', { name: 'Year-end function ideas' }).click();
    await expect(page.getByText('There are no responses to display').first()).toBeVisible();
  });
});
