import { MSG, ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser, PASSWORD, registrationBody } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { basic, bearer, login, loginAttempt } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { groups, users } from '../../db/schema';

const t = useTestApp();
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  g = await createGroups(t.db);
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const registration = (over: Record<string, unknown> = {}) => registrationBody(g, over);

describe('POST /v1/auth/login', () => {
  it('answers the session profile and records lastLoggedInAt', async () => {
    const user = await createUser(t.db, { roleId: ROLE.EDITOR });
    const res = await post('/v1/auth/login', undefined, {
      authorization: basic(user.email.toUpperCase(), PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile).toMatchObject({ id: user.id, email: user.email, roles: { id: ROLE.EDITOR } });
    expect(profile.accessToken).toMatch(/^ey/);
    expect(profile.refreshToken).toHaveLength(43);
    expect(new Date(profile.accessTokenExpiryDate).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(JSON.stringify(res.json())).not.toContain('passwordHash');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLoggedInAt).toBeInstanceOf(Date);
  });

  it('answers 400 with the form messages when the header is missing or empty', async () => {
    const res = await post('/v1/auth/login');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: MSG.loginEmailRequired, password: MSG.loginPasswordRequired });
    const onlyEmail = await post('/v1/auth/login', undefined, { authorization: basic('a@example.com', '') });
    expect(onlyEmail.json().fields).toEqual({ password: MSG.loginPasswordRequired });
  });

  it('answers 401 for a wrong password or an unknown account, with the same text', async () => {
    const user = await createUser(t.db);
    const wrong = await post('/v1/auth/login', undefined, {
      authorization: basic(user.email, 'Wrong#pass1'),
    });
    const unknown = await post('/v1/auth/login', undefined, {
      authorization: basic('nobody@example.com', 'x'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(MSG.invalidCredentials);
    expect(unknown.json().error).toBe(MSG.invalidCredentials);
  });

  it('refuses unverified and deactivated accounts, saying which', async () => {
    const unverified = await createUser(t.db, { isVerified: false });
    const inactive = await createUser(t.db, { isActive: false });
    const a = await post('/v1/auth/login', undefined, { authorization: basic(unverified.email, PASSWORD) });
    const b = await post('/v1/auth/login', undefined, { authorization: basic(inactive.email, PASSWORD) });
    expect([a.statusCode, a.json().error]).toEqual([403, MSG.notVerified]);
    expect([b.statusCode, b.json().error]).toEqual([403, MSG.deactivated]);
  });

  it('answers 401 with the error envelope for a NUL byte in the basic-auth name, not a 500', async () => {
    const nul = `Basic ${Buffer.from('a\u0000b@example.com:x').toString('base64')}`;
    const res = await post('/v1/auth/login', undefined, { authorization: nul });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.invalidCredentials, code: 'unauthenticated' });
    const nulPassword = `Basic ${Buffer.from('a@example.com:x\u0000y').toString('base64')}`;
    const other = await post('/v1/auth/login', undefined, { authorization: nulPassword });
    expect([other.statusCode, other.json().error]).toEqual([401, MSG.invalidCredentials]);
  });

  // The full scheme, with concurrency, is in throttle.test.ts (ADR 015).
  it('throttles failed attempts per account and address with 429 but never counts successes', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      const ok = await loginAttempt(t.app, user.email, PASSWORD, '10.9.9.9');
      expect(ok.statusCode).toBe(200);
    }
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await loginAttempt(t.app, user.email, 'Wrong#pass1', '10.1.1.1');
      last = res.statusCode;
      if (i < 10) expect(res.statusCode).toBe(401);
    }
    expect(last).toBe(429);
    // The right password from the throttled address is refused too: the limit is counted first.
    const blocked = await loginAttempt(t.app, user.email, PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(MSG.tooManyAttempts);
    // Another address is not affected by this address's failures (the account-wide budget is 30 an hour).
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { authorization: basic(user.email, PASSWORD) },
      remoteAddress: '10.2.2.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('registration and e-mail verification', () => {
  it('registers a staff member, mails a link that verifies once, then login works', async () => {
    const body = registration();
    const res = await post('/v1/auth/register', body);
    expect(res.statusCode).toBe(201);
    const email = body.email.toLowerCase();
    expect(res.json().data.email).toBe(email);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ roleId: ROLE.STAFF, userTypeId: 2, isVerified: false });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const before = await post('/v1/auth/login', undefined, { authorization: basic(email, body.password) });
    expect(before.json().error).toBe(MSG.notVerified);

    await t.mailbox.waitFor(email);
    const token = t.mailbox.tokenFor(email, '/verify-email');
    expect(token).toBeTruthy();
    expect(t.mailbox.to(email)[0]?.body).toContain('http://hearth.test/verify-email?token=');
    const verified = await post('/v1/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    const again = await post('/v1/auth/verify-email', { token });
    expect([again.statusCode, again.json().error]).toEqual([400, MSG.linkInvalid]);

    const profile = await login(t.app, email, body.password);
    expect(profile.roles.id).toBe(ROLE.STAFF);
  });

  it('answers every register rule with its message and stores nothing', async () => {
    const res = await post('/v1/auth/register', {
      firstName: ' ',
      email: 'not-an-email',
      password: 'weak',
      groups: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailInvalid,
      password: MSG.passwordPattern,
      phone: MSG.phoneRequired,
    });
    const domain = await post('/v1/auth/register', registration({ email: 'someone@gmail.com' }));
    expect([domain.statusCode, domain.json().fields.email]).toEqual([400, MSG.notCompanyEmail]);
    const noDepartment = await post('/v1/auth/register', registration({ groups: [g.location.id] }));
    expect(noDepartment.json().fields).toEqual({ department: MSG.departmentRequired });
    const teamNotLocation = await post(
      '/v1/auth/register',
      registration({ groups: [g.team.id, g.department.id] }),
    );
    expect(teamNotLocation.json().fields.location).toBe(MSG.locationRequired);
    const [count] = await t.db.select().from(users).where(eq(users.email, 'someone@gmail.com'));
    expect(count).toBeUndefined();
  });

  it('answers an address that has an account as it answers a new one, and mails its owner (issue 30)', async () => {
    const existing = await createUser(t.db, { firstName: 'Owner' });
    const fresh = registration();
    const newcomer = await post('/v1/auth/register', fresh);
    const taken = await post(
      '/v1/auth/register',
      registration({ email: existing.email.toUpperCase(), firstName: 'Mallory', password: 'Other#Pass77' }),
    );
    expect([taken.statusCode, newcomer.statusCode]).toEqual([201, 201]);
    expect(newcomer.json()).toEqual({ data: { email: fresh.email.toLowerCase() } });
    expect(taken.json()).toEqual({ data: { email: existing.email } });
    // The account is left as it was: no second account, no new name or password.
    const rows = await t.db.select().from(users).where(eq(users.email, existing.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Owner', passwordHash: existing.passwordHash });
    // Its owner learns of the attempt and how to get in; no link that would do anything.
    const [notice] = await t.mailbox.waitFor(existing.email);
    expect(notice?.body).toContain('someone tried to register');
    expect(notice?.body).toContain('http://hearth.test/forgot-password');
    expect(notice?.body).not.toContain('token=');
    await settled(t.app, 'mail');
    expect(t.mailbox.to(existing.email)).toHaveLength(1);
  });

  it('resends a fresh verification link and the old one stops working', async () => {
    const body = registration();
    await post('/v1/auth/register', body);
    const email = body.email.toLowerCase();
    await t.mailbox.waitFor(email);
    const first = t.mailbox.tokenFor(email, '/verify-email');
    const res = await post('/v1/auth/resend-verification', { email });
    expect(res.json().data.message).toBe(MSG.emailSent);
    await t.mailbox.waitFor(email, 2);
    const second = t.mailbox.tokenFor(email, '/verify-email');
    expect(second).not.toBe(first);
    expect((await post('/v1/auth/verify-email', { token: first })).statusCode).toBe(400);
    expect((await post('/v1/auth/verify-email', { token: second })).statusCode).toBe(200);
  });

  it('lists locations and departments for the register form without login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/register-groups?limit=-1' });
    expect(res.statusCode).toBe(200);
    const types = new Set(res.json().data.map((x: { groupTypeId: number }) => x.groupTypeId));
    expect(types).toEqual(new Set([1, 2]));
  });
});

describe('forgotten password', () => {
  it('mails a one-hour link; setting a password through it ends old sessions', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    const res = await post('/v1/auth/reset-password', { email: user.email });
    expect([res.statusCode, res.json().data.message]).toEqual([200, MSG.emailSent]);
    await t.mailbox.waitFor(user.email);
    const token = t.mailbox.tokenFor(user.email, '/reset-password');
    expect(token).toBeTruthy();

    // The page checks the link on opening; checking spends nothing.
    expect((await post('/v1/auth/check-reset-token', { token })).statusCode).toBe(200);
    expect((await post('/v1/auth/check-reset-token', { token })).statusCode).toBe(200);

    const weak = await post('/v1/auth/set-password', { token, password: 'weakweak' });
    expect([weak.statusCode, weak.json().fields.password]).toEqual([400, MSG.passwordPattern]);

    const done = await post('/v1/auth/set-password', { token, password: 'N3w#Password' });
    expect(done.statusCode).toBe(200);
    expect((await post('/v1/auth/set-password', { token, password: 'N3w#Password' })).statusCode).toBe(400);
    const used = await post('/v1/auth/check-reset-token', { token });
    expect([used.statusCode, used.json().error]).toEqual([400, MSG.linkInvalid]);
    await login(t.app, user.email, 'N3w#Password');
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/api/users/${user.id}`,
      headers: bearer(session.accessToken),
    });
    expect(old.statusCode).toBe(401);
    const refresh = await post('/v1/auth/refresh-token', undefined, bearer(session.refreshToken));
    expect(refresh.statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.mailbox.messages.length;
    const res = await post('/v1/auth/reset-password', { email: 'ghost@example.com' });
    expect([res.statusCode, res.json().data.message]).toEqual([200, MSG.emailSent]);
    await settled(t.app, 'mail');
    expect(t.mailbox.messages.length).toBe(before);
    const bad = await post('/v1/auth/reset-password', { email: '' });
    expect([bad.statusCode, bad.json().fields.email]).toEqual([400, MSG.loginEmailRequired]);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.db);
    await post('/v1/auth/reset-password', { email: user.email });
    await t.mailbox.waitFor(user.email);
    const token = t.mailbox.tokenFor(user.email, '/reset-password');
    const { emailTokens } = await import('../../db/schema');
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const res = await post('/v1/auth/set-password', { token, password: 'N3w#Password' });
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.linkInvalid]);
    const check = await post('/v1/auth/check-reset-token', { token });
    expect([check.statusCode, check.json().error]).toEqual([400, MSG.linkInvalid]);
  });

  it('says a bogus, empty or verify-purpose token is not a reset link', async () => {
    for (const token of ['bogus', 'x'.repeat(43)]) {
      const res = await post('/v1/auth/check-reset-token', { token });
      expect([res.statusCode, res.json().error]).toEqual([400, MSG.linkInvalid]);
    }
    expect((await post('/v1/auth/check-reset-token', {})).statusCode).toBe(400);
    const body = registration();
    await post('/v1/auth/register', body);
    const email = body.email.toLowerCase();
    await t.mailbox.waitFor(email);
    const verifyToken = t.mailbox.tokenFor(email, '/verify-email');
    expect((await post('/v1/auth/check-reset-token', { token: verifyToken })).statusCode).toBe(400);
  });
});

describe('groups used by registration exist', () => {
  it('has the factory groups', async () => {
    const rows = await t.db.select().from(groups).where(eq(groups.id, g.location.id));
    expect(rows).toHaveLength(1);
  });
});
