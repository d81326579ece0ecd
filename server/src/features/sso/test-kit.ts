// What the sign-in test files share: the test provider's client as the app is configured for it, and one
// sign-in driven as a browser would (the app through inject, the provider over HTTP), stopping at the
// app's answer to the provider's redirect.
import type { LightMyRequestResponse } from 'fastify';
import type { AppFixture } from '../../../test/use-test-app';
import type { OidcProviderConfig } from '../../config-oidc';
import { CookieJar, loginAtProvider } from './test-support';

export const CLIENT = { clientId: 'hearth', clientSecret: 'hearth-test-secret' };
/** The test app's PUBLIC_URL (test/app.ts). */
export const PUBLIC_URL = 'http://hearth.test';

export const providerConfig = (issuer: string, key = 'corp'): OidcProviderConfig => ({
  key,
  issuer,
  ...CLIENT,
  scopes: 'openid email profile',
  label: 'Corp ID',
  locationClaim: 'office',
  departmentClaim: 'department',
  roleClaim: 'groups',
  roleMap: { 'hearth-admins': 1, 'hearth-post-managers': 3 },
});

export const clientRegistration = (key = 'corp') => ({
  ...CLIENT,
  redirectUris: [`${PUBLIC_URL}/v1/auth/sso/${key}/callback`],
  postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
});

export type SignIn = {
  /** The app's answer to the provider's redirect (302 to /sso/complete or /sso/error). */
  callback: LightMyRequestResponse;
  /** The provider's redirect back, as a path with its query (to replay it). */
  callbackPath: string;
  /** The browser's cookies for the app. */
  jar: CookieJar;
};

// biome-ignore lint/suspicious/noExplicitAny: any fixture of a file will do
type Fixture = AppFixture<any, any>;

/** Start -> the provider's login as `account` -> the app's callback. */
export async function signIn(t: Fixture, account: string, returnTo?: string, key = 'corp'): Promise<SignIn> {
  const jar = new CookieJar();
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  const start = await t.call('GET', `/v1/auth/sso/${key}/start${query}`);
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  jar.take(start.headers);
  const back = new URL(await loginAtProvider(String(start.headers.location), account));
  const callbackPath = back.pathname + back.search;
  const callback = await callWithCookies(t, 'GET', callbackPath, jar);
  return { callback, callbackPath, jar };
}

export async function callWithCookies(
  t: Fixture,
  method: 'GET' | 'POST',
  url: string,
  jar: CookieJar,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: jar.header() },
    ...(payload ? { payload } : {}),
  });
  jar.take(res.headers);
  return res;
}

/** The hand-off the /sso/complete page makes. */
export const handOff = (t: Fixture, jar: CookieJar, remember = false) =>
  callWithCookies(t, 'POST', '/v1/auth/sso/session', jar, { remember });
