// Communities journeys, one community walked end to end through the real app: an administrator creates a
// public community with a manager, its cover uploaded through the file chooser; the manager posts in it with
// an uploaded image; a staff member finds it among the public communities, joins it, finds it under My
// Communities, and reaches the post from the News Communities tab. The screens' other states (the form's
// messages, a private community and its members, leaving, the discussion board, comments with mentions,
// likes, the not-authorised and not-found pages, the manager's edit form) are component tests beside the
// screens (web/src/features/communities/*.test.tsx); who may see, join and write what is the server's
// (server/src/features/communities/*.test.ts).
import { expect, type Page, test } from '@playwright/test';
import { DEMO, fillPostForm, openAs, pngImage } from './helpers';

test.describe.configure({ mode: 'serial' });

const uid = Date.now().toString(36);
const PUBLIC = `Gardeners ${uid}`;
const POST_TITLE = `Spring planting ${uid}`;
const ids = { public: 0, post: 0 };

const pngBuffer = () => pngImage(900, 600, '#3f7d4e');

async function pickUser(page: Page, label: string, search: string, name: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.pressSequentially(search, { delay: 20 });
  await page.locator('.ant-select-item-option:visible').filter({ hasText: name }).first().click();
  await page.keyboard.press('Escape');
}

test('an administrator creates a public community with a manager and a cover image', async ({ page }) => {
  await openAs(page, DEMO.admin, '/admin-communities-list');
  await page.getByRole('button', { name: 'Create Community' }).click();
  await expect(page).toHaveURL(/\/community\/create$/);
  await page.getByRole('textbox', { name: 'Title' }).fill(PUBLIC);
  await page.getByRole('textbox', { name: 'Description' }).fill(`All about ${PUBLIC}.`);
  await page.getByTestId('community-image-input').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await pngBuffer(),
  });
  await expect(page.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('radio', { name: 'Published' }).check();
  await pickUser(page, 'Managers', 'Eddie', 'Eddie');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Community successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-communities-list$/);
  const link = page.getByRole('link', { name: PUBLIC });
  await expect(link).toBeVisible();
  ids.public = Number((await link.getAttribute('href'))?.split('/').pop());
  expect(ids.public).toBeGreaterThan(0);
});

test('the manager creates a post with an image', async ({ page }) => {
  await openAs(page, DEMO.editor, `/communities/${ids.public}`);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${ids.public}/create-post$`));

  await fillPostForm(page, {
    title: POST_TITLE,
    subtitle: 'Seedlings for everyone',
    description: 'Bring a pot on Friday.',
    image: 'seedlings.png',
    png: await pngBuffer(),
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Community post successfully created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/communities/${ids.public}$`));
  const card = page.getByRole('article', { name: POST_TITLE });
  await expect(card).toBeVisible();
  await expect(card.locator('img').first()).toBeVisible();
  const href = await card.getByRole('link').first().getAttribute('href');
  ids.post = Number(href?.split('/').pop());
  expect(ids.post).toBeGreaterThan(0);
});

test('a staff member joins the community, and its post reaches their News Communities tab', async ({
  page,
}) => {
  await openAs(page, DEMO.staff, '/communities');
  await page.getByRole('tab', { name: 'Public Communities' }).click();
  await page
    .getByRole('link', { name: new RegExp(PUBLIC) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/communities/${ids.public}$`));
  await expect(page.getByText('Join this community')).toBeVisible();
  await page.getByRole('button', { name: 'Join' }).first().click();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(page.getByRole('article', { name: POST_TITLE })).toBeVisible();

  // Inside the app, whose cached lists the join must have refreshed: My Communities, then News.
  await page.getByRole('link', { name: 'Communities', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'My Communities' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: new RegExp(PUBLIC) }).first()).toBeVisible();
  await page.getByRole('link', { name: 'News', exact: true }).click();
  await page.getByRole('tab', { name: 'Communities', exact: true }).click();
  const card = page.getByRole('article', { name: POST_TITLE });
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/communities/post/${ids.post}$`));
  await expect(page.getByRole('heading', { name: POST_TITLE })).toBeVisible();
});
