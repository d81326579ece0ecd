// Sign in with the company account (issue 19): a real OpenID provider (oidc-provider, started here on the
// port the server was configured with, playwright.config.ts) and its own login page. The first sign-in
// creates the user with the location, department and role of the claims, lands on /news, and logging out
// also ends the provider's session; a refused sign-in shows a clear page.
import { expect, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/src/features/sso/test-support';
import { E2E_OIDC, E2E_OIDC_PORT, E2E_PORT } from '../playwright.config';
import { adminToken, DEMO, fillLogin } from './helpers';

const APP = `http://127.0.0.1:${E2E_PORT}`;
let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startTestProvider({
    clientId: E2E_OIDC.clientId,
    clientSecret: E2E_OIDC.clientSecret,
    redirectUris: [`${APP}/v1/auth/sso/${E2E_OIDC.key}/callback`],
    postLogoutRedirectUris: [`${APP}/login`],
    port: E2E_OIDC_PORT,
  });
});
test.afterAll(() => idp?.close());

test('a first sign-in with the company account creates the user and opens the news', async ({
  page,
  request,
}) => {
  const sub = `e2e-${Date.now().toString(36)}`;
  const email = `${sub}@example.com`;
  idp.accounts.set(sub, {
    email,
    email_verified: true,
    given_name: 'Imani',
    family_name: 'Okafor',
    office: 'durban',
    department: 'Engineering',
    groups: ['staff-everyone'],
  });

  await page.goto('/login');
  const button = page.getByRole('link', { name: `Sign in with ${E2E_OIDC.label}` });
  await expect(button).toBeVisible();
  await button.click();
  // The provider's own login page.
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // No session in the address at any point: the hand-off page's address holds none.
  expect(page.url()).not.toMatch(/token|code=/);

  // Provisioned as staff in Durban, Engineering.
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const users = await request.get(`/v1/api/users?q=${encodeURIComponent(email)}&limit=-1`, { headers });
  expect(users.status()).toBe(200);
  const [user] = (await users.json()).data as {
    email: string;
    isVerified: number;
    roles: { id: number };
    groups: { name: string }[];
  }[];
  expect(user).toMatchObject({ email, isVerified: 1, roles: { id: 2 } });
  expect(user?.groups.map((g) => g.name).sort()).toEqual(['Durban', 'Engineering']);

  // Logging out ends the provider's session too: the provider asks to confirm, then comes back to /login.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/session/end`));
  await page.getByRole('button', { name: /yes/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${APP}/login`));
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a refused sign-in says why, and password sign-in off for a domain points to the company account', async ({
  page,
  request,
}) => {
  // The provider does not vouch for the address of an existing account: refused, nothing changed.
  const sub = `e2e-unverified-${Date.now().toString(36)}`;
  idp.accounts.set(sub, {
    email: DEMO.staff,
    email_verified: false,
    given_name: 'Not',
    family_name: 'Staff',
  });
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${E2E_OIDC.label}` }).click();
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/sso\/error\?reason=unverified_email$/);
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByTestId('sso-error')).toContainText('does not confirm');
  await page.getByRole('link', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Password sign-in off for example.org: the login page says to use the company account.
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const put = await request.put('/v1/api/settings/password-sign-in', {
    headers,
    data: { allowed: true, ssoOnlyDomains: ['example.org'] },
  });
  expect(put.status()).toBe(200);
  try {
    await page.reload();
    await page.getByLabel('E-mail').fill('someone@example.org');
    await expect(page.getByTestId('password-off-note')).toContainText(`Use ${E2E_OIDC.label} to sign in`);
    await fillLogin(page, 'someone@example.org', 'Whatever-1!');
    await expect(
      page.getByText('Password sign-in is off for this address. Sign in with your company account.').first(),
    ).toBeVisible();
  } finally {
    await request.put('/v1/api/settings/password-sign-in', {
      headers,
      data: { allowed: true, ssoOnlyDomains: [] },
    });
  }
});
