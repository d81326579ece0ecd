// Sign in with the company account (issue 19): a real OpenID provider (oidc-provider, started here on the
// port the server was configured with, playwright.config.ts) and its own login page. The first sign-in
// creates the user with the location, department and role of the claims, lands on /news, and logging out
// also ends the provider's session; a password account with the same verified address is linked; an
// administrator switches password sign-in off for a domain, whose address the login page then points to
// the provider; and a refused sign-in (a changed state) shows a clear page and creates nobody.
// What the server does with each sign-in is server/src/features/sso/sign-in.test.ts's: later sign-ins
// following the provider's claims, every other refusal (an unverified e-mail, a replayed callback or code,
// an unknown provider or issuer, a bad signature, an expired id token), and the provider still signing in
// an address whose password sign-in is off (password-sign-in.test.ts). The page's words for each refusal
// are sso-error-page.test.tsx's, the setting's screen password-sign-in-page.test.tsx's, and each role's
// menu menu-items.test.ts's.
import { type APIRequestContext, expect, test } from '@playwright/test';
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
