// An administrator adds a user who can then log in, and deactivates them, after which they cannot.
import { expect, test } from '@playwright/test';
import { chooseOption, DEMO, fillLogin, logout, openAs, STRONG_PASSWORD, uniqueEmail } from './helpers';

test('admin adds a user, who logs in; admin deactivates them, who then cannot', async ({ page }) => {
  // Four logins and two saves: a long journey, given the time of two.
  test.slow();
  const email = uniqueEmail('added');
  await openAs(page, DEMO.admin, '/users');
  await expect(page.getByRole('tab', { name: /Active/ }).first()).toBeVisible();
  await page.getByRole('button', { name: /add user/i }).click();
  await expect(page).toHaveURL(/\/add-user$/);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please select a role')).toBeVisible();
  await page.getByLabel('First name').fill('Lindiwe');
  await page.getByLabel('Last name').fill('Khumalo');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Ab1!');
  await expect(page.getByText('Password must be greater than 6 characters')).toBeVisible();
  await page.getByLabel('Password').fill(STRONG_PASSWORD);
  await chooseOption(page, 'Role', 'Staff');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('User added successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await logout(page);

  await fillLogin(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/news$/);
  await logout(page);

  await openAs(page, DEMO.admin, '/users');
  // This user's row, by its address: other journeys add people named Lindiwe at the same time.
  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: /Lindiwe/ })
    .click();
  await expect(page).toHaveURL(/\/edit-user\/\d+$/);
  await expect(page.getByLabel('First name')).toHaveValue('Lindiwe');
  await page.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('User updated successfully.')).toBeVisible();
  await page.getByRole('tab', { name: /Inactive/ }).click();
  await expect(page.getByText(email)).toBeVisible();
  await logout(page);

  await fillLogin(page, email, STRONG_PASSWORD);
  await expect(page.getByText('Your account has been deactivated')).toBeVisible();
  await expect(page).toHaveURL(/\/(login)?$/);
});
