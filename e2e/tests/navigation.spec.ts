// Scroll across pages: a new page opens at the top, and Back returns to the same place (issue 33). The
// guards and the not-found and not-authorised pages are web/src/app/guards.test.tsx's, with the real routes.
import { expect, test } from '@playwright/test';
import { DEMO, openAs } from './helpers';

test('a post opens at the top, and Back returns to the same place in the news', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAs(page, DEMO.staff, '/news');
  // A phone's first screen holds the carousel and two whole news cards (issue 33).
  const articles = page.locator('main article');
  await expect(articles.nth(1)).toBeVisible();
  await expect(page.locator('.featured')).toBeInViewport({ ratio: 1 });
  await expect(articles.nth(0)).toBeInViewport({ ratio: 1 });
  await expect(articles.nth(1)).toBeInViewport({ ratio: 1 });
  // The seventh card's title link: well down the page.
  const target = articles.nth(6).locator('h2 a');
  await target.scrollIntoViewIfNeeded();
  // Where the reader stopped: the card's link in view, well down the page.
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  const href = (await target.getAttribute('href')) ?? '';
  await target.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(before));
  await expect(target).toBeInViewport();
});
