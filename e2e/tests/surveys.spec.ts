// Survey journeys: a post manager builds a two-category survey (a text question and an option question)
// and publishes it; staff find it with its due date, fill it step by step and submit; it then opens as
// complete; a refillable survey can be filled twice. A survey link opened logged out and followed after the
// login is web/src/app/guards.test.tsx's.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, DEMO, openAs } from './helpers';

test.describe.configure({ mode: 'serial' });

const uid = Date.now().toString(36);
const TITLE = `Canteen survey ${uid}`;
let surveyId = 0;

test('a post manager builds a two-category survey and publishes it', async ({ page }) => {
  await openAs(page, DEMO.editor, '/admin-surveys-list');
  await page.getByRole('button', { name: 'Create Survey' }).click();
  await expect(page).toHaveURL(/\/surveys\/create$/);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Please enter survey title')).toBeVisible();
  await expect(page.getByText('Please enter survey description')).toBeVisible();

  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Description' }).fill('Tell us what to cook.');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Survey successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/survey-builder\/\d+$/);
  surveyId = Number(page.url().split('/').pop());

  // The builder starts with 'Category 1': a required text question there.
  await expect(page.getByRole('textbox', { name: 'Category name' })).toHaveValue('Category 1');
  await page.getByRole('button', { name: 'Add text question' }).click();
  await page.getByRole('textbox', { name: 'Question title' }).fill('What is your favourite dish?');
  // A second category with an option question.
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('textbox', { name: 'Category name' })).toHaveValue('Category 2');
  await page.getByRole('button', { name: 'Add choice question' }).click();
  await page.getByRole('textbox', { name: 'Question title' }).fill('How often do you eat there?');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please add at least one option')).toBeVisible();
  await page.getByRole('textbox', { name: 'Option 1' }).fill('Daily');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByRole('textbox', { name: 'Option 2' }).fill('Weekly');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Survey questions saved')).toBeVisible();

  await page.getByRole('button', { name: 'Survey settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys/edit/${surveyId}$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(TITLE);
  await page.getByRole('radio', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Survey successfully updated')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-surveys-list$/);
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
});

async function answerSurvey(page: Page) {
  await expect(page.getByText('What is your favourite dish?')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please answer this question')).toBeVisible();
  await page.getByLabel('What is your favourite dish?').fill('Bobotie');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('How often do you eat there?')).toBeVisible();
  await page.getByRole('radio', { name: 'Weekly' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Processing complete')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Survey complete' })).toBeVisible();
}

test('staff find it with its due date, fill it step by step and see it complete afterwards', async ({
  page,
}) => {
  await openAs(page, DEMO.staff, '/surveys');
  const card = page.locator('article, .ant-card').filter({ hasText: TITLE }).first();
  await expect(card).toContainText(/in 7 days/);
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys/${surveyId}\\?state=0$`));
  await answerSurvey(page);

  await page.goto('/surveys');
  await page
    .locator('article, .ant-card')
    .filter({ hasText: TITLE })
    .first()
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByText('You have already completed this survey')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  // An old address that still says "not answered" asks the server rather than showing the form again.
  await page.goto(`/surveys/${surveyId}?state=0`);
  await expect(page.getByText('You have already completed this survey')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
});

async function refillableSurvey(request: APIRequestContext): Promise<number> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/v1/api/surveys', {
    headers,
    data: { title: `Refillable ${uid}`, description: 'As often as you like', isRefillable: 1 },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data;
  const built = await request.post('/v1/api/surveys/build-survey', {
    headers,
    data: {
      surveyId: id,
      categories: [
        {
          name: 'Only',
          questions: [{ title: 'What is your favourite dish?', kind: 'text_input', optional: 0 }],
        },
        {
          name: 'Second',
          questions: [
            { title: 'How often do you eat there?', kind: 'options_question', options: ['Daily', 'Weekly'] },
          ],
        },
      ],
    },
  });
  expect(built.status()).toBe(200);
  const now = Date.now();
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const published = await request.put(`/v1/api/surveys/${id}`, {
    headers,
    data: {
      title: `Refillable ${uid}`,
      description: 'As often as you like',
      isRefillable: 1,
      stateId: 2,
      startAt: utc(now - 3600_000),
      endAt: utc(now + 3 * 86400_000),
    },
  });
  expect(published.status()).toBe(200);
  return id;
}

test('a refillable survey can be filled twice', async ({ page, request }) => {
  const id = await refillableSurvey(request);
  await openAs(page, DEMO.staff, `/surveys/${id}`);
  await answerSurvey(page);
  await page.getByRole('button', { name: 'Fill in again' }).click();
  await answerSurvey(page);
});
