// News feed journeys, what needs a real browser: a post manager publishes a post with an uploaded image;
// on /news the first pictures load at once, the others and the next page of the feed as staff scroll; an
// XSS payload in a post body runs nothing. The rest is in component tests: the post form's messages
// (web/src/features/feed/post-form-page.test.tsx), like and favourite and the feed's pages
// (news-page.test.tsx), comments with mentions (post-comments.test.tsx) and the profile's Likes and
// Favourites (web/src/features/profile/profile-page.test.tsx).

import { expect, test } from '@playwright/test';
import { DEMO, fillPostForm, loginAs, openAs, pngImage, publishFeedPost } from './helpers';

const TITLE = `Canteen reopens ${Date.now().toString(36)}`;

test('a post manager publishes a post with an image and a category', async ({ page }) => {
  await loginAs(page, DEMO.editor);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page).toHaveURL(/\/post\/create$/);
  // The address changes before the form's code has loaded; until then the list is still on screen.
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();

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

test("a page's first pictures load at once, and the others and the next posts when scrolled to", async ({
  page,
}) => {
  await loginAs(page, DEMO.staff);
  // /news: the first featured slide and the first card picture may be the largest thing on a phone.
  const slides = page.locator('.featured-slide-media img');
  await expect(slides.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(slides.first()).toHaveAttribute('loading', 'eager');
  const thumbs = page.locator('article .post-thumb img');
  await expect(thumbs.first()).toHaveAttribute('fetchpriority', 'high');
  expect(await thumbs.count()).toBeGreaterThan(1);
  await expect(thumbs.nth(1)).toHaveAttribute('loading', 'lazy');

  // Scrolled to the end of the first page (at most 10 posts), the feed loads the next: the browser's
  // IntersectionObserver sees the sentinel under the list where it is laid out (news-page.test.tsx stands
  // in for the observer).
  const cards = page.locator('article');
  const first = await cards.count();
  expect(first).toBeLessThanOrEqual(10);
  await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(first);

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
