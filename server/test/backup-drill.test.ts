// @engine: onPostgres: pg_dump and pg_restore
// The restore drill (issue 16): a seeded instance is backed up, the backup restored into an empty place, and
// the app started on the restored data finds every row, every file's bytes, a login with the demo password,
// the old server's access token (same JWT secret), the VAPID key and a user's notifications.
// - PGlite (the PGlite leg): both ways of taking the backup: by the running server process, asked by the
//   command through SIGUSR2, and by the command itself once the server has stopped.
// - PostgreSQL (the PostgreSQL leg): pg_dump of a database the app is using, pg_restore into a new empty
//   database on the same server.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import { PGLITE_EXTENSIONS } from '../src/db/pglite-extensions';
import { seedDemo } from '../src/db/seed-demo';
import { runBackup } from '../src/ops/backup';
import { createBackupFolder, describeDatabaseFile, finishBackup } from '../src/ops/backup-folder';
import { MANIFEST_FILE, type Manifest, PGLITE_DUMP_FILE, readManifest } from '../src/ops/backup-manifest';
import { hashBlobs } from '../src/ops/blob-copy';
import { knownMigrations } from '../src/ops/migration-tag';
import { runRestore } from '../src/ops/restore';
import { countRows } from '../src/ops/table-counts';
import { createStorage } from '../src/platform/storage';
import {
  checkRestored,
  injected,
  overHttp,
  runCommand,
  type ServerProcess,
  staffView,
  startApp,
  startServer,
  waitFor,
} from './backup-drill-support';

/** What the backup of a demo instance must say about itself, whichever way it was taken. */
function expectDemoManifest(m: Manifest, kind: Manifest['kind'], blobs: Map<string, string>): void {
  expect(m.kind).toBe(kind);
  expect(m.lastMigration).toBe(knownMigrations().at(-1)?.tag);
  expect(m.tables['public.users']).toBe(5);
  expect(m.tables['public.notifications']).toBeGreaterThan(0);
  expect(m.tables['pgboss.job']).toBeGreaterThan(0);
  expect(m.files).toEqual({ storage: 'local', count: blobs.size, bytes: expect.any(Number) });
  expect(m.secrets).toEqual({ jwtSecret: 'included', vapidKeys: 'included' });
}

const countsOf = (database: Database) =>
  countRows((text) => queryRows<Record<string, unknown>>(database.db, sql.raw(text)));

const onPglite = process.env.TEST_DATABASE_URL ? undefined : describe;
onPglite?.('backup and restore of the embedded database (PGlite)', () => {
  let root: string;
  let dataDir: string;
  let server: ServerProcess;
  let seen: Awaited<ReturnType<typeof staffView>>;
  let blobs: Map<string, string>;
  let online: Manifest | undefined;
  /** Rows per table of the source once its server stopped. */
  let sourceTables: Record<string, number> | undefined;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-drill-'));
    dataDir = join(root, 'data');
    mkdirSync(dataDir);
    // The run's migrated database (database-template.ts): a first start would spend far longer in initdb.
    const template = readFileSync(inject('databaseTemplate'));
    const db = new PGlite(join(dataDir, 'db'), {
      loadDataDir: new Blob([template]),
      extensions: PGLITE_EXTENSIONS,
    });
    await db.waitReady;
    await db.close();
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    // The demo's posts reach staff once the server's notification worker has fanned them out.
    seen = await waitFor('the demo notifications', async () => {
      const view = await staffView(overHttp(server.url));
      return view.notifications.notifications.length > 0 ? view : undefined;
    });
    blobs = await hashBlobs(join(dataDir, 'files'));
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('online: the running server writes the backup when the command asks; the restored copy has everything', async () => {
    const folder = join(root, 'online');
    const backup = await runCommand('backup', [folder], { DATA_DIR: dataDir });
    expect(backup.out).toContain(`by the running server (pid `);
    expect(backup.code).toBe(0);
    expect(backup.out).not.toContain(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());
    online = await readManifest(folder);
    expectDemoManifest(online, 'pglite', blobs);
    expect((await fetch(`${server.url}/v1/health`)).ok).toBe(true);

    const target = join(root, 'restored-online');
    await runRestore({ config: loadConfig({ DATA_DIR: target }), folder, tools: {} });
    await checkRestored(
      { DATA_DIR: target },
      { tables: online.tables, blobs, ...seen },
      await hashBlobs(join(target, 'files')),
    );
  }, 90_000);

  it('offline: with the server stopped, the command writes the backup itself; the restored copy has everything', async () => {
    await server.stop();
    const folder = join(root, 'offline');
    const backup = await runCommand('backup', [folder], { DATA_DIR: dataDir });
    expect(backup.out).toContain('by this command');
    expect(backup.code).toBe(0);
    const offline = await readManifest(folder);
    expectDemoManifest(offline, 'pglite', blobs);

    // Counted in the stopped server's data itself, not taken from what the command wrote.
    const source = await openDatabase({ dataDir });
    sourceTables = await countsOf(source).finally(() => source.close());
    expect(offline.tables).toEqual(sourceTables);

    const target = join(root, 'restored-offline');
    await runRestore({ config: loadConfig({ DATA_DIR: target }), folder, tools: {} });
    await checkRestored(
      { DATA_DIR: target },
      { tables: offline.tables, blobs, ...seen },
      await hashBlobs(join(target, 'files')),
    );
  }, 90_000);

  it("the running server's snapshot had the rows its data still has once it stopped", () => {
    // Nothing was written between the online backup and the stop.
    expect(online?.tables).toEqual(sourceTables);
  });

  it('refuses to restore over existing data, and to back up into a folder that holds anything', async () => {
    const restore = await runCommand('restore', [join(root, 'offline')], { DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.out).toContain(`DATA_DIR ${dataDir} is not empty`);
    await expect(
      runBackup({
        config: loadConfig({ DATA_DIR: dataDir }),
        folder: root,
        tools: {},
        timeoutMs: 1,
      }),
    ).rejects.toThrow('is not empty');
  }, 30_000);
});

onPglite?.('what a backup says of what it leaves out', () => {
  it('names the bucket and the secrets set in the environment, copies none, and is restored only as its kind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hearth-drill-'));
    try {
      const jwtSecret = randomBytes(32).toString('base64url');
      const config = {
        dataDir: join(root, 'data'),
        jwtSecret,
        vapid: { publicKey: 'public-key', privateKey: 'private-key' },
        s3: { bucket: 'hearth-files', region: 'eu-west-1', forcePathStyle: false },
      };
      // Left from before the variables were set: the server no longer reads it, nor does the backup.
      mkdirSync(config.dataDir);
      writeFileSync(join(config.dataDir, 'jwt-secret'), 'an older generated secret');
      const folder = join(root, 'backup');
      await createBackupFolder(folder);
      writeFileSync(join(folder, PGLITE_DUMP_FILE), 'the database');
      const manifest = await finishBackup(config, folder, {
        kind: 'pglite',
        createdAt: new Date(),
        tables: {},
        lastMigration: null,
        database: await describeDatabaseFile(folder, PGLITE_DUMP_FILE),
      });
      expect(manifest.files).toEqual({ storage: 's3', bucket: 'hearth-files' });
      expect(manifest.secrets).toEqual({ jwtSecret: 'environment', vapidKeys: 'environment' });
      const notes = manifest.notes.join(' ');
      for (const said of ['JWT_SECRET', 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', 'S3 bucket hearth-files'])
        expect(notes).toContain(said);
      expect(readdirSync(folder).sort()).toEqual([PGLITE_DUMP_FILE, MANIFEST_FILE]);
      expect(readFileSync(join(folder, MANIFEST_FILE), 'utf8')).not.toContain(jwtSecret);

      const onPostgresServer = loadConfig({
        DATABASE_URL: 'postgres://hearth@127.0.0.1:1/hearth',
        SINGLE_INSTANCE: '1',
        DATA_DIR: join(root, 'elsewhere'),
      });
      await expect(runRestore({ config: onPostgresServer, folder, tools: {} })).rejects.toThrow(
        'This is a backup of the embedded database (PGlite), but DATABASE_URL is set',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('backup and restore of a PostgreSQL database', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const suffix = randomBytes(6).toString('hex');
  const names = { source: `hearth_drill_source_${suffix}`, target: `hearth_drill_target_${suffix}` };
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const tools = { pgBin: process.env.PG_BIN, searchPath: process.env.PATH };
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let root: string;
  let config: Config;
  let database: Database;
  let app: FastifyInstance | undefined;
  let seen: Awaited<ReturnType<typeof staffView>>;
  let blobs: Map<string, string>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-drill-'));
    await admin(`CREATE DATABASE ${names.source} TEMPLATE ${inject('databaseTemplate')}`);
    await admin(`CREATE DATABASE ${names.target}`);
    // One server on the database, files and generated secrets in its DATA_DIR (SINGLE_INSTANCE).
    config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: urlOf(names.source),
      SINGLE_INSTANCE: '1',
      DATA_DIR: join(root, 'source'),
      SEED_DEMO: '0',
    });
    database = await openDatabase({ databaseUrl: config.databaseUrl });
    await seedDemo(database.db, createStorage(config));
    const running = await startApp(config, database);
    app = running;
    seen = await waitFor('the demo notifications', async () => {
      await running.notifications.drain();
      const view = await staffView(injected(running));
      return view.notifications.notifications.length > 0 ? view : undefined;
    });
    blobs = await hashBlobs(join(config.dataDir, 'files'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    for (const name of Object.values(names)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('pg_dump while the app runs, pg_restore into an empty database: the restored instance has everything', async () => {
    const folder = join(root, 'backup');
    const { manifest } = await runBackup({ config, folder, tools, timeoutMs: 1 });
    expectDemoManifest(manifest, 'postgres', blobs);
    await app?.close();
    app = undefined;
    expect(await countsOf(database)).toEqual(manifest.tables);

    const env = { DATABASE_URL: urlOf(names.target), SINGLE_INSTANCE: '1', DATA_DIR: join(root, 'restored') };
    await runRestore({ config: loadConfig(env), folder, tools });
    await checkRestored(
      env,
      { tables: manifest.tables, blobs, ...seen },
      await hashBlobs(join(root, 'restored', 'files')),
    );

    // Once more into the same database: it is not empty any more.
    const again = { ...env, DATA_DIR: join(root, 'again') };
    await expect(runRestore({ config: loadConfig(again), folder, tools })).rejects.toThrow(
      'The database at DATABASE_URL is not empty',
    );
  }, 60_000);
});
