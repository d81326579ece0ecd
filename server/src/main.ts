// Reads config, opens and migrates the database, seeds the demo on first run, listens, shuts down cleanly.

import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference-data';
import { seedDemo } from './db/seed-demo';
import { ensureVapidKeys } from './features/notifications/push';
import { installBackupSignal } from './ops/online-backup';
import { runPrimary } from './platform/cluster';
import { lockDataDir } from './platform/data-dir-lock';
import { startDraining } from './platform/http/closing';
import { ensureJwtSecret } from './platform/jwt-secret';
import { createLogger } from './platform/logger';
import { createMailer } from './platform/mail';
import { holdInstanceLock } from './platform/single-instance';
import { createStorage, type Storage } from './platform/storage';

/**
 * The longest the close after the drain may take. Kubernetes and ECS kill a container 30 s after SIGTERM:
 * with the default drain (SHUTDOWN_DRAIN_SECONDS, 10 s) we are done within 25 s, on our own terms, and log
 * what was still open. Ordinary requests are done in well under a second and the job queue's graceful stop
 * waits at most 5 s; what takes longer (a large upload or CSV download) is cut.
 */
const CLOSE_BOUND_MS = 15_000;

function defaultWebDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [resolve(here, '../../web/dist'), resolve(here, '../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/** Migrations, reference data and, on a first start when asked, the demo; answers whether it seeded. */
async function prepare(database: Database, config: Config, storage: Storage): Promise<boolean> {
  await database.migrate();
  await ensureReferenceData(database.db);
  return config.seedDemo ? seedDemo(database.db, storage) : false;
}

/**
 * The primary of WORKERS > 1 (platform/cluster.ts): migrates, seeds and makes the generated keys once, before
 * any worker starts (two processes migrating at once would both apply the same migration), then forks.
 */
async function primary(config: Config): Promise<void> {
  const log = createLogger(config.logLevel);
  // The primary holds the instance lock for all its workers, which are one instance to the others.
  await lockInstance(config, log);
  ensureJwtSecret(config.dataDir, config.jwtSecret);
  ensureVapidKeys(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  await prepare(database, config, createStorage(config));
  await database.close();
  log.info({ workers: config.workers }, 'starting the server workers');
  // A worker's own bound (its drain on SIGTERM and its close), and a moment for the last one's exit to arrive.
  runPrimary(config.workers, log, config.shutdownDrainSeconds * 1000 + CLOSE_BOUND_MS + 5000);
}

/**
 * On PostgreSQL, before anything touches the database: the lock that keeps a SINGLE_INSTANCE server alone on
 * it (platform/single-instance.ts), held until the process exits. Throws the refusal.
 */
async function lockInstance(config: Config, log: ReturnType<typeof createLogger>): Promise<void> {
  if (!config.databaseUrl) return;
  await holdInstanceLock({ databaseUrl: config.databaseUrl, single: config.singleInstance, log });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return primary(config);
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  process.on('exit', unlock);
  const logger = createLogger(config.logLevel);
  // A cluster worker's primary holds the lock for it.
  if (!cluster.isWorker) await lockInstance(config, logger);
  const jwtSecret = ensureJwtSecret(config.dataDir, config.jwtSecret);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  const storage = createStorage(config);
  // A cluster worker finds the database prepared by its primary.
  const seeded = cluster.isWorker ? false : await prepare(database, config, storage);

  const app = await buildApp({
    config: { ...config, jwtSecret, webDist: config.webDist ?? defaultWebDist() },
    database,
    logger,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
      concurrency: config.mailConcurrency,
    }),
    storage,
  });
  if (seeded)
    app.log.info('demo data seeded: admin@example.com, staff@example.com, editor@example.com (Passw0rd!)');

  // Requests being answered, so that a shutdown that runs out of time can say which ones held it up.
  const inFlight = new Map<IncomingMessage, number>();
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(req, Date.now());
    res.once('close', () => inFlight.delete(req));
  });
  /** Method, path (never the query: it may hold a ticket) and age of each open request. */
  const openRequests = () =>
    [...inFlight].map(([req, since]) => `${req.method} ${req.url?.split('?')[0]} (${Date.now() - since} ms)`);

  let closing = false;
  /** Ends the drain early: a second signal while draining means "now". */
  let endDrain: (() => void) | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      endDrain?.();
      return;
    }
    closing = true;
    // SIGTERM comes from an orchestrator, with a load balancer to tell; SIGINT from a person at a terminal,
    // who wants the server gone now.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainSeconds * 1000 : 0;
    const boundMs = drainMs + CLOSE_BOUND_MS;
    app.log.info({ signal, openRequests: inFlight.size, drainMs }, 'shutting down');
    let step = 'draining: readiness answers 503 while the port still serves';
    const force = setTimeout(() => {
      app.log.error(
        { step, openRequests: openRequests() },
        `shutdown took over ${boundMs / 1000} s: exiting with work still open`,
      );
      process.exit(1);
    }, boundMs);
    force.unref();
    if (drainMs > 0) {
      // Health checks see 503 and take this instance out of rotation; what they still send is served.
      startDraining(app);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDrain = undefined;
      app.log.info({ openRequests: inFlight.size }, 'drained: closing');
    }
    step = 'closing the HTTP server and the job workers';
    // Node closes idle keep-alive connections once, when the server closes; a connection whose request
    // ends later would otherwise be held open until its keep-alive timeout (72 s).
    const reap = setInterval(() => app.server.closeIdleConnections(), 250);
    reap.unref();
    try {
      // No new connections; requests already in flight finish, later ones on open connections get 503
      // (Fastify's return503OnClosing); live streams end with a retry hint (notifications/routes.ts); the
      // onClose hooks stop the job workers (pg-boss waits for running jobs) and the event bus.
      await app.close();
      step = 'closing the database';
      await database.close();
    } catch (err) {
      app.log.error({ err, step }, 'shutdown failed');
      process.exit(1);
    }
    clearInterval(reap);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // `npm run backup` asks a running server on PGlite for a consistent copy (ops/online-backup.ts).
  installBackupSignal({ database, config, log: app.log });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${config.brandName} is serving ${config.publicUrl} (${database.kind}, files in ${app.storage.kind} storage)`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
