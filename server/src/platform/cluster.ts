// WORKERS > 1: this process is the primary of a node:cluster and serves nothing itself. Its workers each run
// the whole server (main.ts) and share the listening port; on Linux the primary hands them connections in
// turn. What the workers must agree on already lives outside them: rows and limits in the database, live
// messages and cache invalidation on the event bus (LISTEN/NOTIFY, one connection a worker), jobs in the
// queue. So a worker is just another instance, on the same machine. Except for /metrics: the worker that
// takes a scrape answers for all of them, through the primary (metrics-cluster.ts).
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { answerMetricsRequests } from './metrics-cluster';

/** A worker that dies is replaced after this long; more than this many deaths a minute stop the primary. */
const RESPAWN_DELAY_MS = 1000;
const MAX_DEATHS_A_MINUTE = 10;

/**
 * Forks `workers` workers, replaces one that dies, and on SIGTERM or SIGINT passes the signal on and exits
 * once every worker has (0 when all of them exited 0), or after `boundMs` with 1. Each worker drains on
 * SIGTERM first (main.ts); a second signal is passed on too, and ends their drain at once.
 */
export function runPrimary(workers: number, log: Logger, boundMs: number): void {
  let stopping = false;
  const deaths: number[] = [];
  const fork = () => cluster.fork();
  // The one thing the primary answers: a worker's request for the figures of all (GET /metrics, metrics.ts).
  answerMetricsRequests(log);
  for (let i = 0; i < workers; i++) fork();
  let failed = false;
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      // Only how the workers stopped counts now: one that died earlier was replaced.
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && (deaths[0] ?? now) < now - 60_000) deaths.shift();
    log.warn({ pid: worker.process.pid, code, signal }, 'a server worker died; starting another');
    if (deaths.length > MAX_DEATHS_A_MINUTE) {
      log.fatal('server workers keep dying: stopping');
      process.exit(1);
    }
    setTimeout(fork, RESPAWN_DELAY_MS).unref();
  });
  const signalWorkers = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return signalWorkers(signal);
    stopping = true;
    log.info({ signal }, 'stopping the server workers');
    signalWorkers(signal);
    setTimeout(() => {
      log.error(`server workers still running after ${boundMs / 1000} s: exiting`);
      process.exit(1);
    }, boundMs).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
