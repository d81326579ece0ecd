// Sign-in with a company identity provider (issue 19), against a real OpenID provider in this process
// (test-support.ts): provisioning, later sign-ins, linking, and each refusal writing nothing.
import { Writable } from 'node:stream';
import { GROUP_TYPE, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { groups, refreshTokens, ssoAttempts, userGroups, userIdentities, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/opaque-tokens';
import { createLogger } from '../../platform/logger';
import { callWithCookies, clientRegistration, handOff, providerConfig, signIn } from './test-kit';
import { CookieJar, loginAtProvider, startTestProvider, type TestProvider } from './test-support';

let idp: TestProvider;
const logLines: string[] = [];
beforeAll(async () => {
  idp = await startTestProvider(clientRegistration());
});
afterAll(() => idp.close());

const t = useTestApp({
  config: () => ({ oidcProviders: [providerConfig(idp.issuer)] }),
  deps: () => ({
    logger: createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    ),
  }),
});

const place: Record<string, number> = {};
beforeAll(async () => {
  const rows = await t.db
    .insert(groups)
    .values([
      { name: 'Berlin', groupTypeId: GROUP_TYPE.LOCATION },
      { name: 'Lisbon', groupTypeId: GROUP_TYPE.LOCATION },
      { name: 'Finance', groupTypeId: GROUP_TYPE.DEPARTMENT },
      { name: 'Legal', groupTypeId: GROUP_TYPE.DEPARTMENT },
    ])
    .returning();
  for (const row of rows) place[row.name] = row.id;
});

let seq = 0;
/** A provider account with fresh sub and address, and these claims. */
function account(claims: Record<string, unknown> = {}) {
  const sub = `sub-${++seq}-${Date.now().toString(36)}`;
  idp.accounts.set(sub, {
    email: `${sub}@corp.example`,
    email_verified: true,
    given_name: 'Ada',
    family_name: `Lovelace${seq}`,
    ...claims,
  });
  return sub;
}

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;
const identityCount = async () => (await t.db.select({ n: count() }).from(userIdentities))[0]?.n ?? 0;
const groupsOf = async (userId: number) =>
  (await t.db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId)))
    .map((r) => r.id)
    .sort();
const stateOf = (path: string) => new URL(path, 'http://x').searchParams.get('state') ?? '';

/** Started in a browser (its cookies in `jar`) and answered by the provider, not yet taken by the app. */
async function answerOf(sub: string) {
  const jar = new CookieJar();
  const start = await t.call('GET', '/v1/auth/sso/corp/start');
  jar.take(start.headers);
  const back = new URL(await loginAtProvider(String(start.headers.location), sub));
  return { jar, back: back.pathname + back.search };
}

const errorReason = (location: unknown) => new URL(String(location), 'http://x').searchParams.get('reason');

/** A sign-in that must be refused with `reason`, creating no user and no link. */
async function expectRefused(
  run: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>,
  reason: string,
) {
  const [usersBefore, linksBefore] = [await userCount(), await identityCount()];
  const res = await run();
  expect(res.statusCode).toBe(302);
  expect(String(res.headers.location)).toMatch(/^\/sso\/error\?/);
  expect(errorReason(res.headers.location)).toBe(reason);
  expect(await userCount()).toBe(usersBefore);
  expect(await identityCount()).toBe(linksBefore);
}

describe('first sign-in', () => {
  it('creates a verified staff member with the location, department and role of the claims', async () => {
    const sub = account({
      office: 'berlin',
      department: ['Unknown', 'FINANCE'],
      groups: ['hearth-post-managers'],
    });
    const { callback, jar } = await signIn(t, sub, '/surveys/7');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/sso/complete?next=%2Fsurveys%2F7');
    // The session is not in the address: the hand-off cookie is httpOnly, scoped to the hand-off call.
    const cookie = ([] as string[])
      .concat(callback.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('hearth_sso_handoff='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/v1\/auth\/sso\/session/);
    expect(cookie).toMatch(/Max-Age=60/);

    const session = await handOff(t, jar);
    expect(session.statusCode).toBe(200);
    const profile = session.json().data;
    expect(profile).toMatchObject({
      email: `${sub}@corp.example`,
      firstName: 'Ada',
      roles: { id: ROLE.EDITOR },
    });
    expect(profile.accessToken).toBeTruthy();

    const [user] = await t.db.select().from(users).where(eq(users.id, profile.id));
    expect(user).toMatchObject({ isVerified: true, isActive: true, roleId: ROLE.EDITOR });
    expect(user?.lastLoggedInAt).toBeInstanceOf(Date);
    expect(await groupsOf(profile.id)).toEqual([place.Berlin, place.Finance].sort());
    const [link] = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, profile.id));
    expect(link).toMatchObject({ provider: 'corp', subject: sub });
    const [token] = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, profile.id));
    expect(token?.ssoProvider).toBe('corp');
    // The session works like a password login's.
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/api/users/actions',
      headers: { authorization: `Bearer ${profile.accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    // The hand-off works once.
    const again = await handOff(t, jar);
    expect(again.statusCode).toBe(401);
  });

  it('splits `name` when the provider sends no given and family names, and makes staff without a mapped group', async () => {
    const sub = account({
      given_name: undefined,
      family_name: undefined,
      name: 'Grace Brewster Hopper',
      groups: ['other'],
    });
    const { jar } = await signIn(t, sub);
    const profile = (await handOff(t, jar)).json().data;
    expect(profile).toMatchObject({
      firstName: 'Grace Brewster',
      lastName: 'Hopper',
      roles: { id: ROLE.STAFF },
    });
    expect(await groupsOf(profile.id)).toEqual([]);
  });
});

describe('later sign-ins', () => {
  it('update name, location, department and role from the claims, and find the user by subject', async () => {
    const sub = account({ office: 'Berlin', department: 'Finance', groups: ['hearth-admins'] });
    const first = (await handOff(t, (await signIn(t, sub)).jar)).json().data;
    expect(first.roles.id).toBe(ROLE.ADMIN);
    const before = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, first.id));

    idp.accounts.set(sub, {
      ...idp.accounts.get(sub),
      given_name: 'Augusta',
      office: 'Lisbon',
      department: 'Legal',
      groups: [],
    });
    const second = (await handOff(t, (await signIn(t, sub)).jar)).json().data;
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ firstName: 'Augusta', roles: { id: ROLE.STAFF } });
    expect(await groupsOf(first.id)).toEqual([place.Lisbon, place.Legal].sort());
    const after = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, first.id));
    expect(after).toEqual(before);

    // Unknown values leave the groups as they are.
    idp.accounts.set(sub, { ...idp.accounts.get(sub), office: 'Atlantis', department: undefined });
    await handOff(t, (await signIn(t, sub)).jar);
    expect(await groupsOf(first.id)).toEqual([place.Lisbon, place.Legal].sort());
  });
});

describe('linking', () => {
  it('links an existing password account with the same address when the provider says it is verified', async () => {
    const existing = await createUser(t.db, { email: `linda${Date.now()}@corp.example` });
    const sub = account({ email: existing.email.toUpperCase(), email_verified: true });
    const usersBefore = await userCount();
    const profile = (await handOff(t, (await signIn(t, sub)).jar)).json().data;
    expect(profile.id).toBe(existing.id);
    expect(await userCount()).toBe(usersBefore);
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id));
    expect(links).toMatchObject([{ provider: 'corp', subject: sub }]);
    // The password still works where password sign-in is allowed.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${existing.email}:${existing.password}`).toString('base64')}`,
      },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses when the provider does not vouch for the address, and writes nothing', async () => {
    const existing = await createUser(t.db, { email: `nolink${Date.now()}@corp.example`, firstName: 'Kept' });
    const sub = account({ email: existing.email, email_verified: false, given_name: 'Changed' });
    await expectRefused(async () => (await signIn(t, sub)).callback, 'unverified_email');
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(row?.firstName).toBe('Kept');
    // No hand-off either.
    const sub2 = account({ email: existing.email });
    idp.accounts.set(sub2, { ...idp.accounts.get(sub2), email_verified: 'no' });
    const { jar } = await signIn(t, sub2);
    expect((await handOff(t, jar)).statusCode).toBe(401);
  });
});

describe('refusals', () => {
  it('refuses a callback whose state does not match the cookie, or without the cookie', async () => {
    const { jar, back } = await answerOf(account());
    const cookie = { cookie: jar.header() };
    // The provider's answer with another state than the one this browser started with.
    const forged = back.replace(/state=[^&]+/, 'state=forged-state');
    await expectRefused(() => t.app.inject({ method: 'GET', url: forged, headers: cookie }), 'invalid_state');
    // A good answer opened in a browser that did not start the sign-in (no cookie).
    await expectRefused(() => t.call('GET', back), 'invalid_state');
    // With the cookie it works.
    const good = await t.app.inject({ method: 'GET', url: back, headers: cookie });
    expect(good.headers.location).toMatch(/^\/sso\/complete/);
  });

  it('refuses the same answer twice (the attempt is spent), and a code replayed into another attempt', async () => {
    const sub = account();
    const first = await signIn(t, sub);
    expect(first.callback.headers.location).toMatch(/^\/sso\/complete/);
    // The same callback again, cookie and all (a replayed request).
    const replay = await t.app.inject({
      method: 'GET',
      url: first.callbackPath,
      headers: {
        cookie: `hearth_sso_state=${new URL(first.callbackPath, 'http://x').searchParams.get('state')}`,
      },
    });
    expect(errorReason(replay.headers.location)).toBe('invalid_state');
    // Its code, in a new attempt's answer: the provider refuses a spent code (and the PKCE verifier differs).
    const code = new URL(first.callbackPath, 'http://x').searchParams.get('code') ?? '';
    const start = await t.call('GET', '/v1/auth/sso/corp/start');
    const freshState = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    await expectRefused(
      () =>
        t.app.inject({
          method: 'GET',
          url: `/v1/auth/sso/corp/callback?code=${code}&state=${freshState}&iss=${encodeURIComponent(idp.issuer)}`,
          headers: { cookie: `hearth_sso_state=${freshState}` },
        }),
      'token_rejected',
    );
  });

  it('refuses an answer that names another issuer than the configured one (mix-up), and writes nothing', async () => {
    const { jar, back } = await answerOf(account());
    const url = new URL(back, 'http://x');
    expect(url.searchParams.get('iss')).toBe(idp.issuer);
    url.searchParams.set('iss', 'https://idp.attacker.example');
    await expectRefused(() => callWithCookies(t, 'GET', url.pathname + url.search, jar), 'token_rejected');
  });

  it('refuses a provider account without an e-mail address', async () => {
    await expectRefused(async () => (await signIn(t, account({ email: undefined }))).callback, 'no_email');
  });

  it('refuses an id token with a bad signature', async () => {
    idp.tamper('signature');
    try {
      await expectRefused(async () => (await signIn(t, account())).callback, 'token_rejected');
    } finally {
      idp.tamper('none');
    }
  });

  it('refuses an expired id token', async () => {
    idp.tamper('expired');
    try {
      await expectRefused(async () => (await signIn(t, account())).callback, 'token_rejected');
    } finally {
      idp.tamper('none');
    }
  });

  it('refuses an attempt older than ten minutes', async () => {
    const { jar, back } = await answerOf(account());
    await t.db
      .update(ssoAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoAttempts.stateHash, hashToken(stateOf(back))));
    await expectRefused(() => callWithCookies(t, 'GET', back, jar), 'expired');
  });

  it('says so when the provider answers with an error (the user cancelled there)', async () => {
    const start = await t.call('GET', '/v1/auth/sso/corp/start');
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    await expectRefused(
      () =>
        t.app.inject({
          method: 'GET',
          url: `/v1/auth/sso/corp/callback?error=access_denied&state=${state}`,
          headers: { cookie: `hearth_sso_state=${state}` },
        }),
      'provider_error',
    );
  });

  it('answers 404 for a provider that is not configured, and its callback explains', async () => {
    expect((await t.call('GET', '/v1/auth/sso/nobody/start')).statusCode).toBe(404);
    expect((await t.call('GET', '/v1/auth/sso/NOT%20A%20KEY/start')).statusCode).toBe(400);
    await expectRefused(
      () => t.call('GET', '/v1/auth/sso/nobody/callback?code=x&state=y'),
      'unknown_provider',
    );
  });

  it('only takes a path of this app to return to', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'news'])
      expect(
        (await t.call('GET', `/v1/auth/sso/corp/start?returnTo=${encodeURIComponent(returnTo)}`)).statusCode,
      ).toBe(400);
  });

  it('refuses a user deactivated in Hearth, at sign-in and at the hand-off', async () => {
    const sub = account();
    const profile = (await handOff(t, (await signIn(t, sub)).jar)).json().data;
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, profile.id));
    await expectRefused(async () => (await signIn(t, sub)).callback, 'deactivated');
    // By address too (an account never linked).
    const existing = await createUser(t.db, { email: `gone${Date.now()}@corp.example`, isActive: false });
    await expectRefused(
      async () => (await signIn(t, account({ email: existing.email }))).callback,
      'deactivated',
    );
    // Deactivated between the provider's answer and the hand-off.
    const sub2 = account();
    const { jar } = await signIn(t, sub2);
    const [link] = await t.db.select().from(userIdentities).where(eq(userIdentities.subject, sub2));
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, link?.userId ?? 0));
    expect((await handOff(t, jar)).statusCode).toBe(403);
  });

  it('refuses a hand-off older than a minute', async () => {
    const { jar, callbackPath } = await signIn(t, account());
    await t.db
      .update(ssoAttempts)
      .set({ usedAt: new Date(Date.now() - 61_000) })
      .where(eq(ssoAttempts.stateHash, hashToken(stateOf(callbackPath))));
    expect((await handOff(t, jar)).statusCode).toBe(401);
    expect((await t.call('POST', '/v1/auth/sso/session', undefined, {})).statusCode).toBe(401);
  });
});

describe('around the sign-in', () => {
  it('lists the providers for the login page', async () => {
    const res = await t.get('/v1/auth/sso/providers');
    expect(res.json().data).toEqual({
      providers: [{ key: 'corp', label: 'Corp ID' }],
      passwordSignIn: { allowed: true, ssoOnlyDomains: [] },
    });
  });

  it('logs out at the provider too after a provider sign-in, and not after a password login', async () => {
    const profile = (await handOff(t, (await signIn(t, account())).jar)).json().data;
    const out = await t.call('POST', '/v1/auth/logout', undefined, { refreshToken: profile.refreshToken });
    const url = new URL(out.json().data.endSessionUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe('hearth');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://hearth.test/login');
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    // The provider takes it (a registered post-logout address).
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);

    const user = await createUser(t.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { authorization: `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}` },
    });
    const plain = await t.call('POST', '/v1/auth/logout', undefined, {
      refreshToken: login.json().data.refreshToken,
    });
    expect(plain.json().data).toEqual({ message: 'Logged out' });
  });

  it('keeps the provider with the session when the refresh token rotates', async () => {
    const profile = (await handOff(t, (await signIn(t, account())).jar)).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-token',
      headers: { authorization: `Bearer ${profile.refreshToken}` },
    });
    const out = await t.call('POST', '/v1/auth/logout', undefined, {
      refreshToken: res.json().data.refreshToken,
    });
    expect(out.json().data.endSessionUrl).toContain(idp.issuer);
  });

  it('never writes the code or the state into the log', async () => {
    const { callbackPath } = await signIn(t, account());
    const params = new URL(callbackPath, 'http://x').searchParams;
    const log = logLines.join('');
    expect(log).toContain('/v1/auth/sso/corp/callback?code=[redacted]');
    expect(log).not.toContain(params.get('code'));
    expect(log).not.toContain(params.get('state'));
  });
});
