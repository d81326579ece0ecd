// JavaScript budgets per route (issue 14): what a route downloads in Chromium as the page really loads,
// gzipped, until the network is quiet, so lazy chunks count only when the route pulls them in. The staff
// pages keep a live stream open, so there "quiet" means no new script for a second.
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginAs } from './helpers';

/** gzip KB of JavaScript per route. */
const BUDGET_KB = { '/login': 170, '/news': 250 } as const;

function countScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  return scripts;
}

/** Waits until no new script has arrived for a second. */
async function settle(page: Page, scripts: Map<string, number>) {
  let seen = -1;
  while (seen !== scripts.size) {
    seen = scripts.size;
    await page.waitForTimeout(1000);
  }
}

function report(route: keyof typeof BUDGET_KB, scripts: Map<string, number>): number {
  const kb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(`${route} JS: ${scripts.size} files, ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB[route]} KB)`);
  expect(scripts.size).toBeGreaterThan(0);
  return kb;
}

test(`the login page loads at most ${BUDGET_KB['/login']} KB of gzipped JavaScript`, async ({ page }) => {
  const scripts = countScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await settle(page, scripts);
  expect(report('/login', scripts)).toBeLessThanOrEqual(BUDGET_KB['/login']);
});

test(`the news page loads at most ${BUDGET_KB['/news']} KB of gzipped JavaScript`, async ({
  page,
  context,
}) => {
  await loginAs(page, DEMO.staff);
  // A fresh tab of the logged-in session opens /news directly, as a member of staff does each morning.
  const fresh = await context.newPage();
  const scripts = countScripts(fresh);
  await fresh.goto('/news');
  await expect(fresh.locator('article').first()).toBeVisible();
  await settle(fresh, scripts);
  expect(report('/news', scripts)).toBeLessThanOrEqual(BUDGET_KB['/news']);
});
