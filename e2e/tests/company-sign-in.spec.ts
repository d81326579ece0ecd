// Sign in with the company account (issue 19): a real OpenID provider (oidc-provider, started here on the
// port the server was configured with, playwright.config.ts) and its own login page. The first sign-in
// creates the user with the location, department and role of the claims, lands on /news, and logging out
// also ends the provider's session; later sign-ins follow the provider's changes; a password account with
// the same verified address is linked; password sign-in can be switched off for a domain; and a refused
// sign-in (a changed state, an unverified e-mail) shows a clear page and creates nobody. Every other refusal
// (a replayed callback or code, an unknown provider or issuer, a bad signature, an expired id token) is
// server/src/features/sso/sign-in.test.ts's, and the page's words for each are sso-error-page.test.tsx's.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/src/features/sso/test-support';
import { E2E_OIDC, E2E_OIDC_PORT } from '../playwright.config';
import { adminToken, createStaffUser, DEMO, fillLogin, openAs, STRONG_PASSWORD } from './helpers';
import {
  APP,
  CALLBACK_PATH,
  expectRefusal,
  groupNames,
  logOutEverywhere,
  oneUserWithEmail,
  shoot,
  signInHeldBeforeCallback,
  signInWithProvider,
  usersWithEmail,
} from './sso-support';

let idp: TestProvider;

test.beforeAll(async () => {
  idp = await startTestProvider({
    clientId: E2E_OIDC.clientId,
    clientSecret: E2E_OIDC.clientSecret,
    redirectUris: [`${APP}${CALLBACK_PATH}`],
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

/** A fresh provider account (its `sub` is also the e-mail's local part) with these claims. */
let seq = 0;
function account(name: string, claims: Record<string, unknown> = {}): { sub: string; email: string } {
  const sub = `e2e-${name}-${Date.now().toString(36)}${(++seq).toString(36)}`;
  const email = `${sub}@example.com`;
  idp.accounts.set(sub, {
    email,
    email_verified: true,
    given_name: 'Kofi',
    family_name: 'Mensah',
    ...claims,
  });
  return { sub, email };
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

test('later sign-ins follow the provider: location, department and role, with the admin menu', async ({
  page,
  request,
}) => {
  const { sub, email } = account('changes', { office: 'Cape Town', department: 'Finance', groups: [] });
  await signInWithProvider(page, sub);
  await expect(page).toHaveURL(/\/news$/);
  await expect(mainMenu(page).getByRole('link', { name: 'News', exact: true })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  const first = await oneUserWithEmail(request, email);
  expect(first.roles.id).toBe(2);
  expect(groupNames(first)).toEqual(['Cape Town', 'Finance']);
  await logOutEverywhere(page);

  // IT moves them to Johannesburg, Marketing, and makes them an administrator.
  idp.accounts.set(sub, {
    ...idp.accounts.get(sub),
    given_name: 'Kwame',
    office: 'johannesburg',
    department: ['Not a department', 'MARKETING'],
    groups: ['staff-everyone', 'hearth-admins'],
  });
  await signInWithProvider(page, sub);
  await expect(page).toHaveURL(/\/stats$/);
  await expect(mainMenu(page).getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-first-name')).toHaveText('Kwame');
  const second = await oneUserWithEmail(request, email);
  expect(second).toMatchObject({ id: first.id, firstName: 'Kwame', roles: { id: 1 } });
  expect(groupNames(second)).toEqual(['Johannesburg', 'Marketing']);
  await logOutEverywhere(page);

  // Removed from hearth-admins there: staff again at the next sign-in, the admin menu gone.
  idp.accounts.set(sub, { ...idp.accounts.get(sub), groups: ['staff-everyone'] });
  await signInWithProvider(page, sub);
  await expect(page).toHaveURL(/\/news$/);
  await expect(mainMenu(page).getByRole('link', { name: 'News', exact: true })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  const third = await oneUserWithEmail(request, email);
  expect(third).toMatchObject({ id: first.id, roles: { id: 2 } });
  expect(groupNames(third)).toEqual(['Johannesburg', 'Marketing']);
});

test('a password account with the same verified address is linked: one account, both ways in', async ({
  page,
  request,
}) => {
  const email = await createStaffUser(request);
  const before = await oneUserWithEmail(request, email);
  const sub = `e2e-link-${Date.now().toString(36)}`;
  idp.accounts.set(sub, {
    email: email.toUpperCase(),
    email_verified: true,
    given_name: 'Lindiwe',
    family_name: 'Dube',
    office: 'Durban',
  });

  await signInWithProvider(page, sub);
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByTestId('user-first-name')).toHaveText('Lindiwe');
  await page.goto('/profile');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const linked = await oneUserWithEmail(request, email);
  expect(linked).toMatchObject({ id: before.id, firstName: 'Lindiwe', isVerified: 1, roles: { id: 2 } });
  expect(groupNames(linked)).toEqual(['Durban']);
  await logOutEverywhere(page);

  // The password still opens the same account.
  await fillLogin(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByTestId('user-first-name')).toHaveText('Lindiwe');
  await page.goto('/profile');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  expect((await usersWithEmail(request, email)).map((u) => u.id)).toEqual([before.id]);
});

test.describe
  .serial('password sign-in switched off for a domain', () => {
    const DOMAIN = 'example.org';
    const email = `pw-off.${Date.now().toString(36)}@${DOMAIN}`;
    let saved: { allowed: boolean; ssoOnlyDomains: string[] } | undefined;
    const settingUrl = '/v1/api/settings/password-sign-in';
    const readSetting = async (request: APIRequestContext) => {
      const res = await request.get(settingUrl, {
        headers: { authorization: `Bearer ${await adminToken(request)}` },
      });
      expect(res.status()).toBe(200);
      return (await res.json()).data as { allowed: boolean; ssoOnlyDomains: string[] };
    };

    test.beforeAll(async ({ request }) => {
      saved = await readSetting(request);
      // A password account of that domain, made by an administrator.
      const res = await request.post('/v1/api/users', {
        headers: { authorization: `Bearer ${await adminToken(request)}` },
        data: {
          firstName: 'Pat',
          lastName: 'Offline',
          email,
          phone: '123',
          password: STRONG_PASSWORD,
          roleId: 2,
          groups: [],
          isActive: 1,
        },
      });
      expect(res.status()).toBe(201);
    });
    // Whatever happened, the other journeys find the setting as it was.
    test.afterAll(async ({ request }) => {
      if (!saved) return;
      const res = await request.put(settingUrl, {
        headers: { authorization: `Bearer ${await adminToken(request)}` },
        data: saved,
      });
      expect(res.status()).toBe(200);
    });

    test('an administrator turns it off for the domain from the Users page', async ({ page, request }) => {
      await openAs(page, DEMO.admin, '/users');
      await page.getByRole('button', { name: 'Password sign-in' }).click();
      await expect(page).toHaveURL(/\/password-sign-in$/);
      await expect(page.getByRole('heading', { name: 'Password sign-in', level: 1 })).toBeVisible();
      await expect(page.getByText(`Company sign-in: ${E2E_OIDC.label}.`)).toBeVisible();
      await expect(page.getByRole('switch', { name: 'Password sign-in allowed' })).toBeChecked();
      const domains = page.getByLabel('Company sign-in only for these e-mail domains');
      await domains.fill(DOMAIN);
      await domains.press('Enter');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Sign-in settings saved')).toBeVisible();
      expect(await readSetting(request)).toEqual({ allowed: true, ssoOnlyDomains: [DOMAIN] });
    });

    test('the login page points that address to the provider and refuses its password', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(email);
      await expect(page.getByTestId('password-off-note')).toHaveText(
        `Password sign-in is off for this address. Use ${E2E_OIDC.label} to sign in.`,
      );
      await shoot(page, 'sso-password-off-note');
      await fillLogin(page, email, STRONG_PASSWORD);
      await expect(
        page
          .getByText('Password sign-in is off for this address. Sign in with your company account.')
          .first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await shoot(page, 'sso-password-off-login');
      // Another domain is not concerned.
      await page.getByLabel('E-mail').fill(DEMO.staff);
      await expect(page.getByTestId('password-off-note')).toHaveCount(0);
    });

    test('the provider still signs that address in, and the administrator turns passwords back on', async ({
      page,
      request,
    }) => {
      const sub = `e2e-pw-off-${Date.now().toString(36)}`;
      idp.accounts.set(sub, { email, email_verified: true, given_name: 'Pat', family_name: 'Offline' });
      await signInWithProvider(page, sub);
      await expect(page).toHaveURL(/\/news$/);
      await expect(page.getByTestId('user-first-name')).toHaveText('Pat');
      expect(await usersWithEmail(request, email)).toHaveLength(1);
      await logOutEverywhere(page);

      await fillLogin(page, DEMO.admin, 'Passw0rd!');
      await expect(page).toHaveURL(/\/stats$/);
      await page.goto('/password-sign-in');
      // The domain's tag, removed from the keyboard.
      const domains = page.getByLabel('Company sign-in only for these e-mail domains');
      await expect(page.locator('.ant-select-selection-item', { hasText: DOMAIN })).toBeVisible();
      await domains.focus();
      await domains.press('Backspace');
      await expect(page.locator('.ant-select-selection-item', { hasText: DOMAIN })).toHaveCount(0);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Sign-in settings saved')).toBeVisible();
      expect(await readSetting(request)).toEqual(saved);
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

      await page.getByLabel('E-mail').fill(email);
      await expect(page.getByTestId('password-off-note')).toHaveCount(0);
      await fillLogin(page, email, STRONG_PASSWORD);
      await expect(page).toHaveURL(/\/news$/);
    });
  });

test.describe('refused sign-ins end on a clear page and create nobody', () => {
  const NOT_STARTED_HERE =
    'This sign-in was not started in this browser, or it was already used. Please start again.';

  test('a callback whose state was changed', async ({ page, request }) => {
    const { sub, email } = account('state');
    const callback = await signInHeldBeforeCallback(page, sub);
    callback.searchParams.set('state', 'forged-state');
    await page.goto(callback.toString());
    await expectRefusal(page, 'invalid_state', NOT_STARTED_HERE);
    await shoot(page, 'sso-error');
    expect(await usersWithEmail(request, email)).toEqual([]);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});
