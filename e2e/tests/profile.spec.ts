// A staff member edits their profile and changes their password.
import { expect, test } from '@playwright/test';
import { chooseOption, createStaffUser, fillLogin, logout, openAs, STRONG_PASSWORD } from './helpers';

test('edit profile, then change the password and log in with the new one', async ({ page, request }) => {
  const email = await createStaffUser(request);
  await openAs(page, email, '/profile', STRONG_PASSWORD);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Likes/).first()).toBeVisible();
  await expect(page.getByText(/Favourites/).first()).toBeVisible();

  await page.goto('/edit-profile');
  await page.getByLabel('First name').fill('Renamed');
  await page
    .getByRole('button', { name: /save|update/i })
    .first()
    .click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('user-first-name')).toHaveText('Renamed');

  await page.goto('/password-change');
  await page.getByLabel('Old password').fill(STRONG_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Chang3d#Pass');
  /** Types the confirmation and sends the form. */
  const confirmWith = async (confirmation: string) => {
    await page.getByLabel('Confirm password').fill(confirmation);
    await page
      .getByRole('button', { name: /save|change|update/i })
      .first()
      .click();
  };
  await confirmWith('Chang3d#Pas');
  await expect(page.getByText('Two passwords that you enter is inconsistent.')).toBeVisible();
  await confirmWith('Chang3d#Pass');
  await expect(page.getByText('Password updated successfully.')).toBeVisible();

  await logout(page);
  await fillLogin(page, email, STRONG_PASSWORD);
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await fillLogin(page, email, 'Chang3d#Pass');
  await expect(page).toHaveURL(/\/news$/);
});

// Issue 30, L3 (ADR 037): one's own office location or department changes once every 30 days.
test('the office location changes once, then the next change waits 30 days', async ({ page, request }) => {
  const email = await createStaffUser(request);
  await openAs(page, email, '/edit-profile', STRONG_PASSWORD);
  await expect(
    page.getByText('You can change your office location or department once every 30 days.'),
  ).toBeVisible();
  await chooseOption(page, 'Office location', 'Durban');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(
      /^Profile updated successfully\. You can change your office location or department again from /,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(
    page.getByText(/^You can change your office location or department again from /),
  ).toBeVisible();
  await chooseOption(page, 'Office location', 'Cape Town');
  await page.getByRole('button', { name: 'Save' }).click();
  const refused =
    'You can change your office location or department once every 30 days. Ask an administrator if it is wrong.';
  await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: refused })).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);
});
