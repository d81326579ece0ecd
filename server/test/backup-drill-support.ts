// The restore drill's tools (backup-drill.test.ts): a real server process on a DATA_DIR, the backup and
// restore commands as programs, what a user sees of an instance, and the check of a restored instance: the
// app started on it as main.ts starts it, every row, every file's bytes, a login and a user's notifications.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { DEMO_PASSWORD } from '../src/db/seed-demo';
import { countRows } from '../src/ops/table-counts';
import { ensureJwtSecret } from '../src/platform/jwt-secret';
import { createMailer } from '../src/platform/mail';
import { createStorage } from '../src/platform/storage';
import { SERVER_DIR, type ServerProcess, serverCommand, startServerProcess } from './server-process';
import { basic, bearer } from './sessions';

export { freePort, SERVER_DIR, type ServerProcess, waitFor } from './server-process';

/** The demo user whose login and notifications the drill follows. */
export const STAFF = 'staff@example.com';

/** `npm start` as a process on `env`'s DATA_DIR (server-process.ts). */
export const startServer = (env: Record<string, string>): Promise<ServerProcess> => startServerProcess(env);

/** Runs `npm run backup` or `npm run restore` as its program would run (src/ops/*-command.ts, serverCommand). */
export function runCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverCommand(command), ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** What the drill expects to find again: rows, blobs, and what the staff user saw. */
export type Expected = {
  tables: Record<string, number>;
  /** Blob path under DATA_DIR/files (= storage key) -> SHA-256. */
  blobs: Map<string, string>;
  notifications: unknown;
  /** An access token the original server gave the staff user: valid only under the same JWT secret. */
  accessToken: string;
  vapidPublicKey: string;
};

type Caller = (method: 'GET' | 'POST', path: string, headers?: Record<string, string>) => Promise<Answer>;
type Answer = { status: number; json(): unknown; body: Buffer };

/** A caller on a server process. */
export const overHttp =
  (url: string): Caller =>
  async (method, path, headers = {}) => {
    const res = await fetch(`${url}${path}`, { method, headers });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body, json: () => JSON.parse(body.toString()) };
  };

/** A caller on an app in this process. */
export const injected =
  (app: FastifyInstance): Caller =>
  async (method, url, headers = {}) => {
    const res = await app.inject({ method, url, headers });
    return { status: res.statusCode, body: res.rawPayload, json: () => res.json() };
  };

/** Logs the staff user in with the demo password and reads their notifications and the VAPID key. */
export async function staffView(call: Caller) {
  const login = await call('POST', '/v1/auth/login', { authorization: basic(STAFF, DEMO_PASSWORD) });
  expect(login.status).toBe(200);
  const { accessToken } = (login.json() as { data: { accessToken: string } }).data;
  const read = async (path: string) => {
    const res = await call('GET', path, bearer(accessToken));
    expect(res.status).toBe(200);
    return res.json() as { data?: unknown; publicKey?: string };
  };
  return {
    accessToken,
    notifications: (await read('/v1/api/notifications')).data as { notifications: unknown[] },
    vapidPublicKey: (await read('/v1/api/notifications/vapid-public-key')).publicKey as string,
  };
}

/** The app on `database` as main.ts starts it: migrated, secrets from DATA_DIR unless the environment sets them. */
export async function startApp(config: Config, database: Database): Promise<FastifyInstance> {
  await database.migrate();
  await ensureReferenceData(database.db);
  const silent = { info() {}, warn() {}, error() {} } as never;
  const app = await buildApp({
    config: { ...config, jwtSecret: ensureJwtSecret(config.dataDir, config.jwtSecret) },
    database,
    mailer: createMailer({
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger: silent,
    }),
    storage: createStorage(config),
  });
  await app.ready();
  return app;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Starts the app on a restored place (startApp) and checks it against `expected`: the rows (counted before
 * the app touches them), every blob's bytes on disk and through GET /files, the staff user's login, their
 * old access token and notifications, the VAPID key.
 */
export async function checkRestored(
  env: Record<string, string>,
  expected: Expected,
  restoredBlobs: Map<string, string>,
): Promise<void> {
  const config: Config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', ...env });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const query = (text: string) => queryRows<Record<string, unknown>>(database.db, sql.raw(text));
    expect(await countRows(query)).toEqual(expected.tables);
    expect(restoredBlobs).toEqual(expected.blobs);

    const app = await startApp(config, database);
    try {
      const call = injected(app);
      const view = await staffView(call);
      expect(view.notifications).toEqual(expected.notifications);
      expect(view.vapidPublicKey).toBe(expected.vapidPublicKey);
      // The token of the original server still works: same JWT secret, same session rows.
      const old = await call('GET', '/v1/api/notifications', bearer(expected.accessToken));
      expect(old.status).toBe(200);
      expect((old.json() as { data: unknown }).data).toEqual(expected.notifications);

      // Every blob, served by the app under its storage key (originals, thumbnails and renditions).
      expect(expected.blobs.size).toBeGreaterThan(0);
      for (const key of expected.blobs.keys()) {
        const res = await call('GET', `/files/${key}`);
        expect(res.status, key).toBe(200);
        expect(sha256(res.body), key).toBe(expected.blobs.get(key));
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
