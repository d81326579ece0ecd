// The test app: the real Fastify app on a real database and a real SMTP listener, driven with inject().
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { ensureReferenceData } from '../src/db/reference-data';
import { createMailer } from '../src/platform/mail';
import { createStorage } from '../src/platform/storage';
import { openTestDatabase } from './database';
import { Mailbox } from './mailbox';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  mailbox: Mailbox;
  config: Config;
  /** Closes the app (its queue workers too) and starts a new one on the same database, as a restart does. */
  restart(): Promise<void>;
  close(): Promise<void>;
};

/**
 * `deps.push`: how web push reaches push services (a test's resolver, its local push service), and
 * `deps.providerPictures` how pictures named by an identity provider are fetched; `deps.jobs`:
 * job queue timing on top of the tests' short retries; `deps.logger`: a logger to read what the app logs
 * (tests log nothing otherwise).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'push' | 'providerPictures' | 'logger' | 'jobs'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-test-'));
  const mailbox = new Mailbox();
  await mailbox.start();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0' }),
    smtpUrl: mailbox.url,
    publicUrl: 'http://hearth.test',
    ...overrides,
  };
  const database = await openTestDatabase();
  await database.migrate();
  await ensureReferenceData(database.db);
  const silent = { info() {}, warn() {}, error() {} } as never;
  const start = async () => {
    const app = await buildApp({
      config: { ...config, jwtSecret: 'test-secret-test-secret-test-secret-0123' },
      database,
      mailer: createMailer({
        smtpUrl: mailbox.url,
        from: config.mailFrom,
        outboxDir: join(dataDir, 'outbox'),
        logger: silent,
      }),
      // Local files under the temporary DATA_DIR, or the bucket an override names (config.s3).
      storage: createStorage(config),
      // A refused mail is retried after a second, not ten; idle workers look for jobs twice a second.
      ...deps,
      jobs: { retryDelaySeconds: { mail: 1, push: 1 }, pollingIntervalSeconds: 0.5, ...deps.jobs },
    });
    await app.ready();
    return app;
  };
  const app = await start();
  const testApp: TestApp = {
    app,
    db: database.db,
    mailbox,
    config,
    async restart() {
      await testApp.app.close();
      testApp.app = await start();
    },
    async close() {
      await testApp.app.close();
      await database.close();
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * A second instance of the app on the same database, mailer and storage, as another server behind a load
 * balancer would be (its own event bus subscription and workers). Not ready yet: call ready() or listen().
 */
export function secondInstance(t: TestApp): Promise<FastifyInstance> {
  return buildApp({
    config: t.app.config as Parameters<typeof buildApp>[0]['config'],
    database: t.app.database,
    mailer: t.app.mailer,
    storage: t.app.storage,
  });
}
