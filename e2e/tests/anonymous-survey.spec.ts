// Anonymous surveys (issue 19, ADR 035): an administrator creates a survey with the Anonymous switch on and
// publishes it; staff see it tagged Anonymous, answer it, and are told their answer was recorded anonymously
// (it is never shown back); the report and its CSV show the response but no name, e-mail or time, and the
// server's log has no line of the answer; the switch is then fixed; the smallest group is a setting, copied
// onto the survey when it is published and shown there and on the report.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_SERVER_LOG } from '../playwright.config';
import { adminToken, DEMO, openAs, screenshotAtWidths } from './helpers';

test.describe.configure({ mode: 'serial' });

const uid = Date.now().toString(36);
const TITLE = `Team pulse ${uid}`;
let surveyId = 0;

const shoot = (page: Page, name: string) => screenshotAtWidths(page, 'anonymous-survey', name);

test('an administrator creates an anonymous survey and publishes it', async ({ page }) => {
  await openAs(page, DEMO.admin, '/surveys/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Description' }).fill('How was your week?');
  const anonymous = page.getByRole('switch', { name: 'Anonymous' });
  await expect(page.getByText('Responses are stored without names.')).toBeVisible();
  await anonymous.click();
  await expect(anonymous).toBeChecked();
  await shoot(page, 'survey-form');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Survey successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/survey-builder\/\d+$/);
  surveyId = Number(page.url().split('/').pop());

  await page.getByRole('button', { name: 'Add choice question' }).click();
  await page.getByRole('textbox', { name: 'Question title' }).fill('How is your week?');
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Good');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 2' }).fill('Bad');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Survey questions saved')).toBeVisible();

  await page.getByRole('button', { name: 'Survey settings' }).click();
  await expect(page.getByRole('switch', { name: 'Anonymous' })).toBeChecked();
  await page.getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Survey successfully updated')).toBeVisible();
  // Publishing fixed the smallest group from the setting (issue 30): the form shows it, read-only.
  await page.goto(`/surveys/edit/${surveyId}`);
  await expect(page.getByText('5 people, fixed when the survey was published.')).toBeVisible();
});

test('staff see it tagged Anonymous, answer it, and cannot see their answer again', async ({ page }) => {
  await openAs(page, DEMO.staff, '/surveys');
  const card = page.locator('.survey-card').filter({ hasText: TITLE });
  await expect(card.getByText('Anonymous', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page.getByText('Your answers are stored without your name')).toBeVisible();
  await expect(page.getByText('only for groups of at least 5')).toBeVisible();
  await shoot(page, 'survey-fill');
  await page.getByRole('radio', { name: 'Good' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Processing complete')).toBeVisible();
  await expect(page.getByText('Your answer was recorded anonymously.')).toBeVisible();

  // Opened again (the address says nothing: the server's marker does), it is complete and says why.
  await page.goto(`/surveys/${surveyId}`);
  await expect(page.getByText('You have already completed this survey')).toBeVisible();
  await expect(page.getByText('Your answer was recorded anonymously, so it cannot be shown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await shoot(page, 'survey-answered');
  await page.goto('/surveys');
  await expect(
    page.locator('.survey-card').filter({ hasText: TITLE }).getByText('Answered', { exact: true }),
  ).toBeVisible();
});

test('the report and its CSV show the response but not who gave it', async ({ page, request }) => {
  await openAs(page, DEMO.admin, '/reports/survey-responses');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row.getByText('Anonymous', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(page.getByText('This survey is anonymous')).toBeVisible();
  await expect(page.getByText('a size fixed when the survey was published')).toBeVisible();
  await expect(page.getByText('Respondents')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(DEMO.staff);
  await expect(page.getByText('Good: 1')).toBeVisible();
  // One response is below the smallest group: nothing is split.
  await expect(page.getByText('No group has 5 or more responses yet').first()).toBeVisible();
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

  // With a response stored, the switch can no longer change.
  await page.goto(`/surveys/edit/${surveyId}`);
  await expect(page.getByText('This survey has responses, so this can no longer change.')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Anonymous' })).toBeDisabled();
});

test('the smallest group shown is an administrator setting', async ({ page }) => {
  await openAs(page, DEMO.admin, '/profile-fields');
  const size = page.getByRole('spinbutton', {
    name: 'Smallest group shown in results by location or department',
  });
  await expect(size).toHaveValue('5');
  await shoot(page, 'settings');
  await size.fill('3');
  await page.getByRole('button', { name: 'Save group size' }).click();
  await expect(page.getByText('Anonymous survey setting saved')).toBeVisible();
  await page.reload();
  await expect(size).toHaveValue('3');
  await size.fill('5');
  await page.getByRole('button', { name: 'Save group size' }).click();
  await expect(page.getByText('Anonymous survey setting saved')).toBeVisible();
});
