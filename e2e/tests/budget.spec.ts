// The login page's JavaScript budget (issue: 250 KB gzip): measured in Chromium as the page really loads,
// so lazy chunks count only when the login page pulls them in.
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_GZIP_BYTES = 250 * 1024;

test('the login page loads under 250 KB of gzipped JavaScript', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(`login page JS: ${scripts.size} files, ${(total / 1024).toFixed(1)} KB gzip (budget 250 KB)`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThan(BUDGET_GZIP_BYTES);
});
