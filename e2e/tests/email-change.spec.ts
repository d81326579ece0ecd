// Issue 13 finding 5: a staff member changes their e-mail address. The profile asks for the current
// password, the address changes only when the link mailed to the new address is opened, and from then on
// the account logs in with the new address only.
import { expect, test } from '@playwright/test';
import { createStaffUser, fillLogin, linkFromOutbox, logout, openAs, uniqueEmail } from './helpers';

// Not a demo password: new accounts must pass the password policy (finding 4).
const PASSWORD = 'Kestrel#Lamp7Ridge';

test('change the e-mail address through the mailed link, then log in with it', async ({ page, request }) => {
  const email = await createStaffUser(request, PASSWORD);
  const newEmail = uniqueEmail('moved');
  await openAs(page, email, '/edit-profile', PASSWORD);
  const emailField = page.getByLabel('E-mail');
  await expect(emailField).toHaveValue(email);
  // The password field appears only for a new address.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await emailField.fill(newEmail);
  const save = page.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(
    page.getByText('Please input your current password to change your e-mail address!'),
  ).toBeVisible();

  await page.getByLabel('Current password').fill('Wr0ng#Password');
  await save.click();
  await expect(page.getByText('The old password is not correct').first()).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await save.click();
  await expect(
    page.getByText(
      'We have sent a confirmation link to your new e-mail address. The change takes effect when you open it.',
    ),
  ).toBeVisible();
  // Nothing changed yet: the form and the profile still show the saved address.
  await expect(emailField).toHaveValue(email);
  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();

  // The link is opened on a phone.
  await page.setViewportSize({ width: 375, height: 760 });
  const link = new URL(await linkFromOutbox(newEmail, '/confirm-email-change'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
  // Keyboard: the way on is a link reached with Tab and followed with Enter.
  const toProfile = page.getByRole('link', { name: 'Go to profile' });
  await toProfile.focus();
  await expect(toProfile).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(newEmail)).toBeVisible();

  // A second opening of the same link changes nothing and says so.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  await logout(page);
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await fillLogin(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/news$/);
});
