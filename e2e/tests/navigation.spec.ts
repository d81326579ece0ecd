// Guards and the not-found page.
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, fillLogin, openAs } from './helpers';

test('a logged-out visit to a survey is remembered and wins after login', async ({ page }) => {
  await page.goto('/surveys/5');
  await expect(page).toHaveURL(/\/(login)?$/);
  await fillLogin(page, DEMO.staff, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/surveys\/5$/);
});

test('a logged-out visit to a protected page goes to login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(/does not exist/i)).toBeVisible();
  await page.getByRole('button', { name: /log in|login/i }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await openAs(page, DEMO.editor, '/still/nothing');
  await expect(page.getByText(/does not exist/i)).toBeVisible();
  await page.getByRole('button', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/admin-feed-post-list$/);
});

test('staff opening the admin post list see the not-authorised page with a way home', async ({ page }) => {
  await openAs(page, DEMO.staff, '/admin-feed-post-list');
  await expect(page.getByRole('heading', { name: 'Not authorised', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to home page' }).click();
  await expect(page).toHaveURL(/\/news$/);
});

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
