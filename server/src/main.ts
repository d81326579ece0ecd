// Reads config, opens and migrates the database, seeds the demo on first run, listens, shuts down cleanly.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { seedDemo } from './db/seed-demo';
import { lockDataDir } from './platform/data-dir-lock';
import { ensureJwtSecret } from './platform/jwt-secret';
import { createLogger } from './platform/logger';
import { createMailer } from './platform/mail';
import { createStorage } from './platform/storage';

function defaultWebDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../../web/dist'), resolve(here, '../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  process.on('exit', unlock);
  const jwtSecret = ensureJwtSecret(config.dataDir, config.jwtSecret);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  await database.migrate();
  await ensureReferenceData(database.db);
  const storage = createStorage(config);
  const seeded = config.seedDemo ? await seedDemo(database.db, storage) : false;

  const logger = createLogger(config.logLevel);
  const app = await buildApp({
    config: { ...config, jwtSecret, webDist: config.webDist ?? defaultWebDist() },
    database,
    logger,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
    storage,
  });
  if (seeded)
    app.log.info('demo data seeded: admin@example.com, staff@example.com, editor@example.com (Passw0rd!)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.brandName} is serving ${config.publicUrl} (${database.kind}, files in ${app.storage.kind} storage)`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
