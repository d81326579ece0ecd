// Steps of the company sign-in's journeys (company-sign-in.spec.ts): the provider's own login page in the browser, a
// sign-in held just before the app's callback (so a journey can tamper with or replay that address), the
// logout that also ends the provider's session, and the users the admin API knows by e-mail.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_OIDC, E2E_PORT } from '../playwright.config';
import { adminToken, screenshotAtWidths } from './helpers';

export const APP = `http://127.0.0.1:${E2E_PORT}`;
export const CALLBACK_PATH = `/v1/auth/sso/${E2E_OIDC.key}/callback`;

/** The login page's "Sign in with Test ID", then the provider's own login form as `sub` (any password). */
export async function signInWithProvider(page: Page, sub: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: `Sign in with ${E2E_OIDC.label}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/**
 * Like signInWithProvider, but the browser does not reach the app's callback: the provider's redirects
 * after its login form are followed here (with the browser's cookies) and the browser is left on a blank
 * page. Answers the callback address, with the provider's code, state and iss, not yet used. Routing the
 * callback itself would not work: Playwright does not route the later hops of a redirect chain.
 */
export async function signInHeldBeforeCallback(page: Page, sub: string): Promise<URL> {
  let callback: URL | undefined;
  await page.route(
    (url) => url.origin === E2E_OIDC.issuer && url.pathname.startsWith('/interaction/'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let res = await route.fetch({ maxRedirects: 0 });
      for (let hop = 0; hop < 10 && res.status() >= 300 && res.status() < 400; hop++) {
        const next = new URL(res.headers().location ?? '', E2E_OIDC.issuer);
        if (next.origin === APP) {
          callback = next;
          break;
        }
        res = await page.request.get(next.toString(), { maxRedirects: 0 });
      }
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Held</title>' });
    },
  );
  await signInWithProvider(page, sub);
  await expect(page).toHaveTitle('Held');
  await page.unrouteAll();
  expect(callback?.pathname, 'the provider sends the browser to the callback').toBe(CALLBACK_PATH);
  return callback as URL;
}

/** Log out of Hearth, confirm at the provider, and be back on the login page. */
export async function logOutEverywhere(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/session/end`));
  await page.getByRole('button', { name: /yes/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${APP}/login`));
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

export type AdminUser = {
  id: number;
  email: string;
  firstName: string;
  isVerified: number;
  roles: { id: number };
  groups: { name: string }[];
};

/** The users with this e-mail address, as the admin API lists them. */
export async function usersWithEmail(request: APIRequestContext, email: string): Promise<AdminUser[]> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const res = await request.get(`/v1/api/users?q=${encodeURIComponent(email)}&limit=-1`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as AdminUser[]).filter((u) => u.email === email);
}

/** The one user with this address (fails when there is none or more). */
export async function oneUserWithEmail(request: APIRequestContext, email: string): Promise<AdminUser> {
  const found = await usersWithEmail(request, email);
  expect(found, `one user with ${email}`).toHaveLength(1);
  return found[0] as AdminUser;
}

export const groupNames = (user: AdminUser) => user.groups.map((g) => g.name).sort();

/** The refusal page for `reason`: its heading, its plain `message` and the way back to the login page. */
export async function expectRefusal(page: Page, reason: string, message: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${APP}/sso/error\\?reason=${reason}$`));
  await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByTestId('sso-error')).toHaveText(message);
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
}

/** Screenshots of a company sign-in screen at a phone's and a laptop's width, with E2E_SHOTS. */
export const shoot = (page: Page, name: string) => screenshotAtWidths(page, 'sso', name);
