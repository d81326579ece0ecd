// @engine: onPostgres: an advisory lock
// SINGLE_INSTANCE=1 is enforced (issue 31): such a server holds its database alone through an advisory lock
// (platform/single-instance.ts). A second one, or an ordinary one next to it, refuses to start and says why;
// ordinary servers start side by side; with WORKERS > 1 the primary holds the lock for its workers. Several
// processes need a database server, so this belongs to the PostgreSQL leg of the suite (mandatory under CI).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { refusalMessage } from '../src/platform/single-instance';
import { templateCopy } from './database';
import {
  freePort,
  SERVER_DIR,
  type ServerProcess,
  serverCommand,
  startServerProcess,
  waitFor,
} from './server-process';

describe('the refusal', () => {
  it('names the other server, SINGLE_INSTANCE and the way out', () => {
    const since = new Date('2026-01-02T03:04:05Z');
    const single = refusalMessage(true, [{ mode: 'ShareLock', address: '10.0.0.7', since }]);
    expect(single).toContain('another Hearth server holds this database');
    expect(single).toContain('a server from 10.0.0.7, connected since 2026-01-02T03:04:05.000Z');
    expect(single).toContain('SINGLE_INSTANCE');
    const ordinary = refusalMessage(false, [{ mode: 'ExclusiveLock', address: null, since: null }]);
    expect(ordinary).toContain('another Hearth server holds this database with SINGLE_INSTANCE=1');
    expect(ordinary).toContain('a SINGLE_INSTANCE server from this machine');
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('SINGLE_INSTANCE on a shared PostgreSQL database', () => {
  const database = templateCopy('hearth_single');
  const databaseUrl = database.url;
  const vapid = webpush.generateVAPIDKeys();
  let root: string;
  let count = 0;
  const running: ServerProcess[] = [];

  /** The environment of a server: alone on the database (`single`), or one of many with the shared settings. */
  const envOf = (single: boolean, extra: Record<string, string> = {}) => {
    const dataDir = join(root, `server-${count++}`);
    mkdirSync(dataDir);
    const shared = {
      JWT_SECRET: 'single-instance-test-secret-0123456789abcdef',
      S3_BUCKET: 'hearth-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: '1',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    return {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WORKERS: '1',
      DATABASE_POOL_SIZE: '2',
      SEED_DEMO: '0',
      ...(single ? { SINGLE_INSTANCE: '1' } : { SINGLE_INSTANCE: undefined, ...shared }),
      ...extra,
    };
  };
  const start = async (single: boolean, extra: Record<string, string> = {}) => {
    const server = await startServerProcess({ ...envOf(single), ...extra });
    running.push(server);
    return server;
  };

  /** Runs a server that should refuse to start: its exit code and what it wrote. */
  const refused = async (single: boolean) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...envOf(single),
    };
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
    const child = spawn(process.execPath, serverCommand('main'), {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    return { code, output };
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-single-'));
    await database.create();
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.kill()));
    await database.drop().catch(() => undefined);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('a SINGLE_INSTANCE server (two workers) holds the database: a second one and an ordinary one refuse', async () => {
    const alone = await start(true, { WORKERS: '2', LOG_LEVEL: 'info' });
    // The primary holds the lock: both its workers start.
    await waitFor('two workers serving', async () =>
      alone
        .output()
        .split('\n')
        .filter((l) => l.includes('is serving')).length >= 2
        ? true
        : undefined,
    );

    const second = await refused(true);
    expect(second.code).not.toBe(0);
    expect(second.output).toContain('another Hearth server holds this database');
    expect(second.output).toContain('SINGLE_INSTANCE=1 says this server is the only one');

    const ordinary = await refused(false);
    expect(ordinary.code).not.toBe(0);
    expect(ordinary.output).toContain('another Hearth server holds this database with SINGLE_INSTANCE=1');

    // The one that holds it serves on, and lets the database go when it stops.
    expect((await fetch(`${alone.url}/v1/health/ready`)).status).toBe(200);
    await alone.stop();
  }, 90_000);

  it('ordinary servers start side by side; a SINGLE_INSTANCE one then refuses', async () => {
    const [one, two] = await Promise.all([start(false), start(false)]);
    for (const s of [one, two]) expect((await fetch(`${s?.url}/v1/health/ready`)).status).toBe(200);

    const single = await refused(true);
    expect(single.code).not.toBe(0);
    expect(single.output).toContain('another Hearth server holds this database');
    expect(single.output).toMatch(/\(a server from [\d.]+, connected since [^;]+; a server from /);
    expect(single.output).toContain('SINGLE_INSTANCE');
    await Promise.all([one?.stop(), two?.stop()]);
  }, 90_000);
});
