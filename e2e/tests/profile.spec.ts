// A staff member edits their profile and changes their password. The 30-day rule on one's own office location
// and department is edit-profile-page.test.tsx's (its messages) and group-change.test.ts's (the rule).
import { expect, test } from '@playwright/test';
import { createStaffUser, fillLogin, logout, openAs, STRONG_PASSWORD } from './helpers';

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
