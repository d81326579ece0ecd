// @engine: onPostgres: a second server process, the bus over LISTEN/NOTIFY
// Ending a session bites at once, on every instance (issue 13, finding 7). Two apps share one database
// like two server processes; logout refuses the session's access tokens through the `sid` they carry
// (before, a logged-out token worked for its whole 15 minutes). Two apps in one process share the guard's
// cache, so the last block starts a real second server process: there, without the bus message, an old
// token would be accepted for up to USER_TTL_MS (10 s).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import {
  bearer,
  changePassword,
  deactivateUser,
  login,
  type Session,
  userWithSession,
} from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp({ second: true });

/** The administrator deactivates the user through the users form, as the admin screen does. */
async function deactivate(admin: Session, u: Session): Promise<void> {
  const res = await deactivateUser(t.app, admin, u);
  expect(res.statusCode).toBe(200);
}

/** A request that needs a valid access token: the user's own record. */
const own = (app: FastifyInstance, token: string, id: number) =>
  app.inject({ method: 'GET', url: `/v1/api/users/${id}`, headers: bearer(token) });

/** Asks until the token is refused; answers how long that took, or fails after `ms`. */
async function refusedWithin(app: FastifyInstance, token: string, id: number, ms = 1000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await own(app, token, id);
    if (res.statusCode === 401) return Date.now() - started;
    expect(res.statusCode).toBe(200);
    if (Date.now() - started > ms) throw new Error(`token still accepted after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Both instances accept the token now (and so have the user's row cached). */
async function acceptedByBoth(token: string, id: number): Promise<void> {
  expect((await own(t.app, token, id)).statusCode).toBe(200);
  expect((await own(t.second, token, id)).statusCode).toBe(200);
}

const logout = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken } });

describe('logout', () => {
  it("refuses the session's access token at once, and on the other instance within a second", async () => {
    const u = await userWithSession(t.app, t.db);
    const other = await login(t.app, u.user.email);
    await acceptedByBoth(u.session.accessToken, u.user.id);
    await acceptedByBoth(other.accessToken, u.user.id);

    expect((await logout(u.session.refreshToken)).statusCode).toBe(200);
    const res = await own(t.app, u.session.accessToken, u.user.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBeTruthy();
    expect(await refusedWithin(t.second, u.session.accessToken, u.user.id)).toBeLessThan(1000);
    // Only that session ended: the same user's other login keeps working on both instances.
    await acceptedByBoth(other.accessToken, u.user.id);
  });

  it('also refuses access tokens handed out by refreshes of that session', async () => {
    const u = await userWithSession(t.app, t.db);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-token',
      headers: bearer(u.session.refreshToken),
    });
    const next = rotated.json().data as { accessToken: string; refreshToken: string };
    await acceptedByBoth(next.accessToken, u.user.id);
    await logout(next.refreshToken);
    expect((await own(t.app, u.session.accessToken, u.user.id)).statusCode).toBe(401);
    expect((await own(t.app, next.accessToken, u.user.id)).statusCode).toBe(401);
    expect(await refusedWithin(t.second, next.accessToken, u.user.id)).toBeLessThan(1000);
  });
});

describe('a replayed refresh token', () => {
  it("ends the family's access tokens on every instance", async () => {
    const u = await userWithSession(t.app, t.db);
    await acceptedByBoth(u.session.accessToken, u.user.id);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/refresh-token', headers: bearer(token) });
    const rotated = (await refresh(u.session.refreshToken)).json().data as { accessToken: string };
    expect((await refresh(u.session.refreshToken)).statusCode).toBe(401);
    expect((await own(t.app, rotated.accessToken, u.user.id)).statusCode).toBe(401);
    expect(await refusedWithin(t.second, u.session.accessToken, u.user.id)).toBeLessThan(1000);
  });
});

describe('ending every session of a user', () => {
  it('deactivation refuses all their access tokens on both instances within a second', async () => {
    const admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
    const u = await userWithSession(t.app, t.db);
    const other = await login(t.app, u.user.email);
    await acceptedByBoth(u.session.accessToken, u.user.id);
    await acceptedByBoth(other.accessToken, u.user.id);
    await deactivate(admin, u);
    for (const token of [u.session.accessToken, other.accessToken]) {
      expect((await own(t.app, token, u.user.id)).statusCode).toBe(401);
      expect(await refusedWithin(t.second, token, u.user.id)).toBeLessThan(1000);
    }
  });

  it('a password change refuses the old access tokens on both instances; the new session works', async () => {
    const u = await userWithSession(t.app, t.db);
    const other = await login(t.app, u.user.email);
    await acceptedByBoth(u.session.accessToken, u.user.id);
    await acceptedByBoth(other.accessToken, u.user.id);
    const res = await changePassword(t.second, u, 'Qv7#lumen-Harbor');
    expect(res.statusCode).toBe(200);
    for (const token of [u.session.accessToken, other.accessToken]) {
      expect((await own(t.second, token, u.user.id)).statusCode).toBe(401);
      expect(await refusedWithin(t.app, token, u.user.id)).toBeLessThan(1000);
    }
    await acceptedByBoth(res.json().data.accessToken, u.user.id);
  });

  it('a password reset through the mailed link refuses the old access tokens on both instances', async () => {
    const user = await createUser(t.db);
    const session = await login(t.app, user.email);
    await acceptedByBoth(session.accessToken, user.id);
    await t.app.inject({ method: 'POST', url: '/v1/auth/reset-password', payload: { email: user.email } });
    await t.mailbox.waitFor(user.email);
    const token = t.mailbox.tokenFor(user.email, '/reset-password');
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/set-password',
      payload: { token, password: 'Qv7#lumen-Harbor' },
    });
    expect(done.statusCode).toBe(200);
    expect((await own(t.app, session.accessToken, user.id)).statusCode).toBe(401);
    expect(await refusedWithin(t.second, session.accessToken, user.id)).toBeLessThan(1000);
  });
});

// In one process the two apps above share the guard's module state, so a change on one is also forgotten
// by the other without any message. A real second server process shares only the database: this is the
// case the event bus exists for. A server process can share the database only on PostgreSQL, so this
// belongs to the PostgreSQL leg of the suite (mandatory under CI) and is not defined on PGlite.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('another server process on the same database', () => {
  let server: ServerProcess;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-instance-'));
    server = await startServerProcess({
      DATABASE_URL: t.app.database.url,
      JWT_SECRET: t.app.config.jwtSecret,
      // The test reads no file and sends no push: the first app's disk and keys need not be shared.
      SINGLE_INSTANCE: '1',
      // One process: the test asks it, not one of several workers (cluster.test.ts covers those).
      WORKERS: '1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
    });
    url = server.url;
  }, 70_000);
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** GET the user's own record on the other process. */
  const there = (token: string, id: number) =>
    fetch(`${url}/v1/api/users/${id}`, { headers: bearer(token) }).then((r) => r.status);

  /** Asks the other process until the token is refused; answers how long that took. */
  async function refusedThereWithin(token: string, id: number, ms = 1000): Promise<number> {
    const started = Date.now();
    for (;;) {
      const status = await there(token, id);
      if (status === 401) return Date.now() - started;
      expect(status).toBe(200);
      if (Date.now() - started > ms) throw new Error(`token still accepted after ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses a logged-out access token within a second and closes its stream', async () => {
    const u = await userWithSession(t.app, t.db);
    expect(await there(u.session.accessToken, u.user.id)).toBe(200);
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/notifications/stream-ticket',
        headers: u.headers,
      })
    ).json().data.ticket;
    const res = await fetch(`${url}/v1/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"unviewed":0');

    expect((await logout(u.session.refreshToken)).statusCode).toBe(200);
    const started = Date.now();
    expect(await refusedThereWithin(u.session.accessToken, u.user.id)).toBeLessThan(1000);
    for (;;) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1000)),
      ]);
      if (chunk === 'open' || chunk.done) {
        expect(chunk).not.toBe('open');
        break;
      }
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses every access token of a deactivated user within a second', async () => {
    const admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
    const u = await userWithSession(t.app, t.db);
    expect(await there(u.session.accessToken, u.user.id)).toBe(200);
    await deactivate(admin, u);
    expect(await refusedThereWithin(u.session.accessToken, u.user.id)).toBeLessThan(1000);
  });
});
