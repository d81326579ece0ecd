// News feed journeys: a post manager publishes a post with an image; staff find it at the top of /news,
// like and favourite it, see it on their profile, and comment mentioning a colleague.

import { expect, type Page, test } from '@playwright/test';
import {
  DEMO,
  fillPostForm,
  loginAs,
  openAs,
  pngImage,
  publishFeedPost,
  submitEmptyPostForm,
} from './helpers';

test.describe.configure({ mode: 'serial' });

const TITLE = `Canteen reopens ${Date.now().toString(36)}`;

test('a post manager publishes a post with an image and a category', async ({ page }) => {
  await loginAs(page, DEMO.editor);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/post\/create$/);

  // An empty form sends nothing and names what is missing.
  await submitEmptyPostForm(page, 'Save', ['Please select at least one category']);

  await fillPostForm(page, {
    title: TITLE,
    subtitle: 'New menu, longer hours',
    description: 'The canteen on floor 3 is open again from Monday.',
    category: 'Company News',
    image: 'canteen.png',
    png: await pngImage(1200, 800, '#b5462a'),
  });

  // Enter in a date field confirms the date; it does not send the form (it used to, twice). Every post the
  // page sends is counted: after Save has sent the form and its answer is shown, exactly one went out, so
  // the Enters sent none (a send of theirs would have left before Save's).
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/api/feed-posts') sends.push(r.url());
  });
  await page.getByLabel('End date').click();
  await page.getByLabel('End date').press('Enter');
  await page.getByLabel('End date').press('Enter');
  await expect(page).toHaveURL(/\/post\/create$/);
  await expect(page.getByText('Feed post successfully created')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Feed post successfully created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-feed-post-list$/);
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  expect(sends, 'posts sent: only Save sends the form').toHaveLength(1);
});

const card = (page: Page) => page.getByRole('article', { name: TITLE });

test('staff see it first, like and favourite it, and find it on their profile', async ({ page }) => {
  await loginAs(page, DEMO.staff);
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(TITLE);
  await expect(card(page).locator('img').first()).toBeVisible();

  const likes = card(page).getByTestId('like-count');
  const before = Number(await likes.textContent());
  await card(page).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(likes).toHaveText(String(before + 1));
  await expect(card(page).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card(page).getByRole('button', { name: 'Favourite', exact: true }).click();
  await expect(card(page).getByRole('button', { name: 'Favourite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  await expect(card(page).getByTestId('like-count')).toHaveText(String(before + 1));

  await page.goto('/profile');
  await page.getByRole('tab', { name: /Likes/ }).click();
  await expect(page.getByText(TITLE).first()).toBeVisible();
  await page.getByRole('tab', { name: /Favourites/ }).click();
  await expect(page.getByText(TITLE).first()).toBeVisible();
});

test('staff comment on the post mentioning the administrator', async ({ page }) => {
  await loginAs(page, DEMO.staff);
  await card(page).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/post-detail\/\d+$/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('This post has no comments.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post Comment' })).toBeDisabled();

  const box = page.getByRole('textbox', { name: 'Comment' });
  await box.click();
  await box.pressSequentially('Looking forward to it @Ada', { delay: 20 });
  await page.locator('.ant-mentions-dropdown-menu-item').filter({ hasText: 'Ada Admin' }).first().click();
  await box.pressSequentially(' see you there', { delay: 10 });
  const sent = page.waitForRequest((r) => r.url().endsWith('/v1/api/comments') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  const body = (await sent).postDataJSON();
  expect(body.content).toContain('@Ada Admin');
  expect(body.content).not.toContain('](');
  expect(body.userIDs).toHaveLength(1);
  await expect(page.getByText(/Looking forward to it @Ada Admin/)).toBeVisible();
});

test('infinite scroll loads the second page of the feed', async ({ page }) => {
  await loginAs(page, DEMO.staff);
  const cards = page.locator('article');
  await expect(cards.first()).toBeVisible();
  const first = await cards.count();
  expect(first).toBeLessThanOrEqual(10);
  await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(first);
});

test("a page's first pictures load at once and the others when scrolled to", async ({ page }) => {
  await loginAs(page, DEMO.staff);
  // /news: the first featured slide and the first card picture may be the largest thing on a phone.
  const slides = page.locator('.featured-slide-media img');
  await expect(slides.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(slides.first()).toHaveAttribute('loading', 'eager');
  const thumbs = page.locator('article .post-thumb img');
  await expect(thumbs.first()).toHaveAttribute('fetchpriority', 'high');
  expect(await thumbs.count()).toBeGreaterThan(1);
  await expect(thumbs.nth(1)).toHaveAttribute('loading', 'lazy');

  // A community's posts: the same for its first card.
  await page.goto('/communities/1');
  const communityThumbs = page.locator('article .post-thumb img');
  await expect(communityThumbs.first()).toHaveAttribute('loading', 'eager');
  await expect(communityThumbs.first()).toHaveAttribute('fetchpriority', 'high');
});

test('an XSS payload in a post body does not run', async ({ page, request }) => {
  const id = await publishFeedPost(request, {
    title: 'Payload post',
    subtitle: 'Should be harmless',
    text: '<p>Hello</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">click</a><svg onload=alert(4)></svg><a href="https://example.org/x">outside</a>',
  });

  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await openAs(page, DEMO.staff, `/post-detail/${id}`);
  await expect(page.getByText('Hello')).toBeVisible();
  // The payload's picture (`src=x`), if it is kept at all, has failed to load, and a task later its error
  // handlers have run: its onerror, had it survived, would have fired by now.
  await page.waitForFunction(() =>
    [...document.images].filter((img) => img.getAttribute('src') === 'x').every((img) => img.complete),
  );
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  await expect(page.locator('a[href^="javascript"], [onerror], [onload], svg[onload]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  const outside = page.getByRole('link', { name: 'outside' });
  await expect(outside).toHaveAttribute('target', '_blank');
  await expect(outside).toHaveAttribute('rel', /noopener/);
  // No inline script at all: the page's one script element without a source is the public settings'
  // JSON data block, which is never run.
  expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
});
