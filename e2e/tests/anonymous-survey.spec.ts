// Anonymous surveys (issue 19, ADR 035), end to end: staff answer an anonymous survey in the browser and are
// told their answer was recorded anonymously; the administrator's report (its chart drawn) and its CSV show
// the response but no name, e-mail or time, and the journey server's log has no line of the answer. The
// survey is made through the API. Each piece is also checked without a browser: the screens (the form's
// switch, fixed once answered, and its smallest group; the Anonymous and Answered tags; the fill page's
// notes; the report's note, counts and splits; the group-size setting) in
// web/src/features/surveys/anonymous-survey-pages.test.tsx, web/src/features/reports/survey-response-page.test.tsx,
// survey-responses-page.test.tsx and web/src/features/people/anonymous-surveys-setting.test.tsx; what the
// server stores, answers, fixes and logs in server/src/features/surveys/anonymous.test.ts,
// anonymous-privacy.test.ts, anonymous-log.test.ts and server/src/features/reports/anonymous-survey-report.test.ts,
// anonymous-min-group.test.ts.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_SERVER_LOG } from '../playwright.config';
import { adminToken, anonymousSurvey, DEMO, openAs, screenshotAtWidths } from './helpers';

test.describe.configure({ mode: 'serial' });

const uid = Date.now().toString(36);
const TITLE = `Team pulse ${uid}`;
let surveyId = 0;

const shoot = (page: Page, name: string) => screenshotAtWidths(page, 'anonymous-survey', name);

test('staff answer an anonymous survey and are told it was recorded anonymously', async ({
  page,
  request,
}) => {
  surveyId = await anonymousSurvey(request, TITLE);
  await openAs(page, DEMO.staff, '/surveys');
  const card = page.locator('.survey-card').filter({ hasText: TITLE });
  await expect(card.getByText('Anonymous', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page.getByText('Your answers are stored without your name')).toBeVisible();
  await shoot(page, 'survey-fill');
  await page.getByRole('radio', { name: 'Good' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your answer was recorded anonymously.')).toBeVisible();
});

test('the report and its CSV show the response but not who gave it, and the log has no line of it', async ({
  page,
  request,
}) => {
  await openAs(page, DEMO.admin, `/reports/survey-responses/${surveyId}`);
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText('This survey is anonymous')).toBeVisible();
  await expect(page.getByText('Good: 1')).toBeVisible();
  await expect(page.locator('figure.report-chart svg.recharts-surface').first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText(DEMO.staff);
  await shoot(page, 'survey-report');

  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const csv = await (
    await request.get(`/v1/api/reports/survey-responses/${surveyId}/csv`, { headers })
  ).text();
  const [header, first, ...more] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(header).toBe('Response,How is your week?');
  expect(first).toBe('1,Good');
  expect(more).toHaveLength(0);
  expect(csv).not.toContain(DEMO.staff);

  // The server logs every request at info level, but not the answer's (its time and address could name
  // the person): the report's requests are there, the answer's is not.
  await expect
    .poll(() => readFileSync(E2E_SERVER_LOG, 'utf8').includes(`/v1/api/surveys/${surveyId}/report`))
    .toBe(true);
  expect(readFileSync(E2E_SERVER_LOG, 'utf8')).not.toContain('/v1/api/surveys/instances');
});
