// Communities journeys: an administrator creates a public and a private community with a manager; staff
// join the public one and leave it; the manager posts with an image; a member comments with a mention and
// writes on the discussion board; a non-manager cannot open the edit page; a non-member cannot see the
// private community.
import { expect, type Page, test } from '@playwright/test';
import { DEMO, fillPostForm, loginAs, logout, openAs, pngImage, submitEmptyPostForm } from './helpers';

test.describe.configure({ mode: 'serial' });

const uid = Date.now().toString(36);
const PUBLIC = `Gardeners ${uid}`;
const PRIVATE = `Board ${uid}`;
const POST_TITLE = `Spring planting ${uid}`;
const ids = { public: 0, private: 0, post: 0 };

const pngBuffer = () => pngImage(900, 600, '#3f7d4e');

async function pickUser(page: Page, label: string, search: string, name: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.pressSequentially(search, { delay: 20 });
  await page.locator('.ant-select-item-option:visible').filter({ hasText: name }).first().click();
  await page.keyboard.press('Escape');
}

async function createCommunity(page: Page, o: { title: string; privately: boolean }) {
  await page.goto('/admin-communities-list');
  await page.getByRole('button', { name: 'Create Community' }).click();
  await expect(page).toHaveURL(/\/community\/create$/);
  await page.getByRole('textbox', { name: 'Title' }).fill(o.title);
  await page.getByRole('textbox', { name: 'Description' }).fill(`All about ${o.title}.`);
  await page.getByTestId('community-image-input').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await pngBuffer(),
  });
  await expect(page.getByTestId('upload-progress')).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('radio', { name: 'Published' }).check();
  if (o.privately) await page.getByRole('radio', { name: 'Private' }).check();
  await pickUser(page, 'Managers', 'Eddie', 'Eddie');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Community successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-communities-list$/);
  const link = page.getByRole('link', { name: o.title });
  await expect(link).toBeVisible();
  return Number((await link.getAttribute('href'))?.split('/').pop());
}

test('an administrator creates a public and a private community, each with a manager', async ({ page }) => {
  await openAs(page, DEMO.admin, '/community/create');
  // An empty form sends nothing and says what is missing.
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Please assign at least one community manager')).toBeVisible();

  ids.public = await createCommunity(page, { title: PUBLIC, privately: false });
  ids.private = await createCommunity(page, { title: PRIVATE, privately: true });
  expect(ids.public).toBeGreaterThan(0);
  expect(ids.private).toBeGreaterThan(0);
  await expect(page.getByRole('row', { name: new RegExp(PRIVATE) })).toContainText('Private');
});

test('staff join the public community and leave it again', async ({ page }) => {
  await openAs(page, DEMO.staff, '/communities');
  await page.getByRole('tab', { name: 'Public Communities' }).click();
  await page
    .getByRole('link', { name: new RegExp(PUBLIC) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/communities/${ids.public}$`));
  // A non-member sees only the join prompt.
  await expect(page.getByText('Join this community')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Join' }).first().click();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts' })).toBeVisible();
  await page.goto('/communities');
  await expect(page.getByRole('link', { name: new RegExp(PUBLIC) }).first()).toBeVisible(); // My Communities

  await page.goto(`/communities/${ids.public}`);
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText('Join this community')).toBeVisible();
});

test('the manager creates a post with an image', async ({ page }) => {
  await openAs(page, DEMO.editor, `/communities/${ids.public}`);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${ids.public}/create-post$`));

  await submitEmptyPostForm(page, 'Update');

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

test('a member comments with a mention and writes on the discussion board', async ({ page }) => {
  await openAs(page, DEMO.staff, `/communities/${ids.public}`);
  await page.getByRole('button', { name: 'Join' }).first().click();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();

  await page.getByRole('article', { name: POST_TITLE }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/communities/post/${ids.post}$`));
  await expect(page.getByRole('heading', { name: POST_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const box = page.getByRole('textbox', { name: 'Comment' });
  await box.click();
  await box.pressSequentially('Count me in @Eddie', { delay: 20 });
  await page.locator('.ant-mentions-dropdown-menu-item').filter({ hasText: 'Eddie' }).first().click();
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/v1/api/community-posts/comment') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const body = (await sent).postDataJSON();
  expect(body.userIds).toHaveLength(1);
  await expect(page.getByText(/Count me in @Eddie/)).toBeVisible();

  await page.goto(`/communities/${ids.public}?tab=discussion`);
  await expect(page.getByText('This discussion board has no comments.')).toBeVisible();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.click();
  await message.pressSequentially('Who brings the compost?', { delay: 10 });
  await page.getByRole('button', { name: 'Post Message' }).click();
  await expect(page.getByText('Who brings the compost?')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Who brings the compost?')).toBeVisible();
});

test('a staff member who is not a manager cannot open the edit page', async ({ page }) => {
  await openAs(page, DEMO.staff, `/community-post/${ids.post}/edit`);
  await expect(page.getByText('You are not authorized to view this page')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
});

test('a non-member cannot see the private community', async ({ page }) => {
  await openAs(page, DEMO.staff, '/communities');
  await expect(page.getByRole('tab', { name: 'My Communities' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(PUBLIC) }).first()).toBeVisible();
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Public Communities' }).click();
  await expect(page.getByRole('link', { name: new RegExp(PUBLIC) }).first()).toBeVisible();
  await expect(page.getByText(PRIVATE)).toHaveCount(0);
  await page.goto(`/communities/${ids.private}`);
  await expect(page.getByText('Unable to load community')).toBeVisible();
});

test("the post reaches members' News Communities tab; the manager sees the private community and edits", async ({
  page,
}) => {
  await loginAs(page, DEMO.staff);
  await page.getByRole('tab', { name: 'Communities' }).click();
  const card = page.getByRole('article', { name: POST_TITLE });
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/communities/post/${ids.post}$`));

  await logout(page);
  // The manager in a tab of their own: a request of the staff member's pages still in flight when the
  // logout revoked the session can answer 401 and send that tab to /login, which cut the next page load
  // short there (failed twice in about five runs; noted in the issue).
  const manager = await page.context().newPage();
  await openAs(manager, DEMO.editor, `/communities/${ids.private}`);
  await expect(manager.getByRole('heading', { name: PRIVATE })).toBeVisible();
  await manager.goto(`/community-post/${ids.post}/edit`);
  await expect(manager.getByLabel('Title', { exact: true })).toHaveValue(POST_TITLE);
  await manager.getByLabel('Subtitle').fill('Seedlings for everyone, and tea');
  await manager.getByRole('button', { name: 'Update' }).click();
  await expect(manager.getByText('Community post successfully updated')).toBeVisible();
  await expect(manager).toHaveURL(new RegExp(`/communities/${ids.public}$`));
});
