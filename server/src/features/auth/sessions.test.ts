// Session security: rotation, reuse detection, token confusion, forged tokens, ending sessions.
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { bearer, login } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { refreshTokens, users } from '../../db/schema';
import { endSessions } from './sessions';

const t = useTestApp();
const SECRET = 'test-secret-test-secret-test-secret-0123';

const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/refresh-token', headers: bearer(token) });
/** Any endpoint that needs a valid access token: the user's own record. */
const me = (token: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/v1/api/users/${id}`, headers: bearer(token) });

describe('refresh tokens', () => {
  it('rotate: each use answers a new pair and spends the old token', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    const first = await refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json().data;
    expect(next.refreshToken).not.toBe(s.refreshToken);
    expect((await me(next.accessToken, user.id)).statusCode).toBe(200);
    const second = await refresh(next.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('a replayed refresh token revokes the whole family', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    const rotated = (await refresh(s.refreshToken)).json().data;
    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also kills the legitimate holder's newer token.
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('another login of the same user is a separate family and survives the replay', async () => {
    const user = await createUser(t.db);
    const a = await login(t.app, user.email);
    const b = await login(t.app, user.email);
    await refresh(a.refreshToken);
    await refresh(a.refreshToken);
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('remember-me sessions last 30 days, others 12 hours', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login?remember=true',
      headers: { authorization: `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    await login(t.app, user.email);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    const hours = rows
      .map((r) => Math.round((r.expiresAt.getTime() - r.createdAt.getTime()) / 3_600_000))
      .sort();
    expect(hours).toEqual([12, 720]);
  });

  it('an expired refresh token is refused', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('unknown, empty or missing refresh tokens get 401', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh-token' });
    expect(none.statusCode).toBe(401);
  });

  it('logout revokes the family', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('a refresh token is never accepted as an access token, nor the reverse', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    expect((await me(s.refreshToken, user.id)).statusCode).toBe(401);
    expect((await refresh(s.accessToken)).statusCode).toBe(401);
  });

  it('tampered, foreign-key, expired and alg=none tokens are refused', async () => {
    const user = await createUser(t.db, { roleId: ROLE.STAFF });
    const s = await login(t.app, user.email);
    const [header, payload, signature] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: ROLE.ADMIN })).toString('base64url');
    expect((await me(`${header}.${elevated}.${signature}`, user.id)).statusCode).toBe(401);

    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`${none}.${payload}.`, user.id)).statusCode).toBe(401);

    const sign = (key: string, exp: number, extra: Record<string, unknown> = {}) =>
      new SignJWT({ role: user.roleId, ver: 0, typ: 'access', sid: claims.sid, ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('hearth')
        .setAudience('hearth-api')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const past = Math.floor(Date.now() / 1000) - 60;
    const future = Math.floor(Date.now() / 1000) + 600;
    expect((await me(await sign(SECRET, past), user.id)).statusCode).toBe(401);
    expect(
      (await me(await sign('another-secret-another-secret-another-1', future), user.id)).statusCode,
    ).toBe(401);
    // Control: a token we sign the same way with the right key works, so the refusals above are real.
    expect((await me(await sign(SECRET, future), user.id)).statusCode).toBe(200);
    expect((await me(await sign(SECRET, future, { typ: 'refresh' }), user.id)).statusCode).toBe(401);
    // A token naming no session could not be ended by logout: refused (the client refreshes once).
    expect((await me(await sign(SECRET, future, { sid: undefined }), user.id)).statusCode).toBe(401);
  });

  it('ending sessions (password change, deactivation) stops access tokens at once', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    expect((await me(s.accessToken, user.id)).statusCode).toBe(200);
    await endSessions(t.db, user.id);
    expect((await me(s.accessToken, user.id)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('a deactivated user is refused on the next request and cannot refresh', async () => {
    const user = await createUser(t.db);
    const s = await login(t.app, user.email);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(s.accessToken, user.id)).statusCode).toBe(401);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });
});
