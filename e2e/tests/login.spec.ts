// Each demo role logs in through the form, lands where product.md section 2 says and sees its own menu and
// top bar. The other journeys start from a session made for them (helpers.ts, loginAs). The form's messages,
// its refusal and `next` are web/src/features/auth/login-page.test.tsx's, the footer app-footer.test.tsx's.
import { expect, test } from '@playwright/test';
import { DEMO, loginAs, loginThroughForm, logout } from './helpers';

const menu = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Main' }).first();

test('administrator lands on /stats with the admin menu', async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/stats$/);
  for (const item of [
    'Company Stats',
    'Surveys',
    'Posts',
    'Communities',
    'Community Posts',
    'Users',
    'Reports',
    'Profile',
  ]) {
    await expect(menu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu(page).getByRole('link', { name: 'News' })).toHaveCount(0);
  await expect(page.getByTestId('user-first-name')).toHaveText('Ada');
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  await expect(page.getByText('Turnover')).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: /edit/i })
      .or(page.getByRole('button', { name: /edit/i }))
      .first(),
  ).toBeVisible();
  await logout(page);
});

test('staff member lands on /news with news, communities, surveys and the bell', async ({ page }) => {
  await loginThroughForm(page, DEMO.staff);
  await expect(page).toHaveURL(/\/news$/);
  for (const item of ['Company Stats', 'News', 'Communities', 'Surveys', 'Profile']) {
    await expect(menu(page).getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  for (const item of ['Users', 'Reports', 'Posts']) {
    await expect(menu(page).getByRole('link', { name: item, exact: true })).toHaveCount(0);
  }
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByTestId('user-first-name')).toHaveText('Sam');
});

test('post manager lands on the feed post list without user administration', async ({ page }) => {
  await loginThroughForm(page, DEMO.editor);
  await expect(page).toHaveURL(/\/admin-feed-post-list$/);
  await expect(menu(page).getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  // A role without /users gets the not-found page there, never the screen.
  await page.goto('/users');
  await expect(page.getByText(/does not exist/i)).toBeVisible();
});

test('at 375px the side menu folds into a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await loginAs(page, DEMO.admin);
  await expect(page.getByTestId('open-menu')).toBeVisible();
  await page.getByTestId('open-menu').click();
  await page.getByRole('dialog').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The name, appearance and logging out are in the account menu behind the avatar.
  // The first tap loads the menu's code and opens it; under load a tap on an item while the menu is still
  // appearing can be lost (CI, once), as a person's would: tapped again then.
  await page.getByRole('button', { name: 'Account: Ada Admin' }).click();
  await expect(async () => {
    await page.getByRole('menuitem', { name: 'Log out' }).click({ timeout: 2_000 });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
});
