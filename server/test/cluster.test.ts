// @engine: onPostgres: several processes on one database
// WORKERS=2 (platform/cluster.ts): the primary migrates once and starts two server processes on one port;
// both answer, /metrics answers for both whichever takes the scrape (platform/metrics.ts), one that dies is
// replaced, and SIGTERM stops them all and the primary with code 0. Several processes need a database
// server, so this belongs to the PostgreSQL leg of the suite (mandatory under CI) and is not defined on
// PGlite, where WORKERS above 1 is refused.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { type Database, openDatabase, queryRows } from '../src/db/client';
import { QUEUES, startJobQueue } from '../src/platform/jobs';
import { type ServerProcess, startServerProcess, waitFor } from './server-process';
import { useTestApp } from './use-test-app';

const t = useTestApp();

/** The pids of the workers that said they serve, in the order they said it. */
const servingPids = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('is serving'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

const TOKEN = 'metrics-token-for-the-cluster-test-0123';

/**
 * A GET on a connection of its own (fetch would keep one open): the primary hands each new connection to
 * the next worker, so a series of them reaches both.
 */
function getAlone(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** The value of the sample with this name and (at least) these labels in a Prometheus text answer. */
function sampled(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (m?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('config', () => {
  it('refuses WORKERS above 1 without DATABASE_URL, and defaults to one process on PGlite', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: above 1 needs DATABASE_URL/);
    expect(loadConfig({}).workers).toBe(1);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('two server workers on one port', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-cluster-'));
    server = await startServerProcess({
      DATABASE_URL: t.app.database.url,
      SINGLE_INSTANCE: '1',
      WORKERS: '2',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: TOKEN,
      DATABASE_POOL_SIZE: '3',
    });
  }, 90_000);
  afterAll(async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /metrics for both workers, whichever takes the scrape', async () => {
    await waitFor('two workers serving', async () =>
      servingPids(server.output()).length >= 2 ? true : undefined,
    );
    // Jobs that wait an hour: nobody runs them while the scrapes count them.
    const later = new Date(Date.now() + 3_600_000);
    for (let i = 0; i < 3; i++)
      await t.app.jobs.send('cleanup', { keys: [] }, undefined, { startAfter: later });
    const waitingJobs = async () =>
      (
        await queryRows<{ n: number }>(
          t.app.db,
          sql`select count(*)::int as n from pgboss.job where name = 'cleanup' and state = 'created'`,
        )
      )[0]?.n ?? 0;
    const scrape = async () => {
      const res = await getAlone(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      return res.body;
    };

    const health = { method: 'GET', route: '/v1/health', status: '200' };
    const before = sampled(await scrape(), 'hearth_http_request_duration_seconds_count', health) ?? 0;
    const sent = 20;
    for (let i = 0; i < sent; i++) expect((await getAlone(`${server.url}/v1/health`)).status).toBe(200);

    // Each scrape goes to the next worker: every one counts all the requests, not the half its worker took.
    for (let i = 0; i < 4; i++) {
      const jobsBefore = await waitingJobs();
      const text = await scrape();
      const jobsAfter = await waitingJobs();
      expect(sampled(text, 'hearth_http_request_duration_seconds_count', health)).toBe(before + sent);
      expect(sampled(text, 'hearth_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
        before + sent,
      );
      expect(sampled(text, 'hearth_metrics_workers')).toBe(2);
      expect(sampled(text, 'hearth_metrics_workers_answered')).toBe(2);
      // The pools are each worker's own: DATABASE_POOL_SIZE twice.
      expect(sampled(text, 'hearth_db_pool_max_connections')).toBe(6);
      // The job table is the same for both: counted once, not twice.
      expect(jobsBefore).toBeGreaterThanOrEqual(3);
      const jobs = sampled(text, 'hearth_jobs', { queue: 'cleanup', state: 'created' }) ?? -1;
      expect(jobs).toBeGreaterThanOrEqual(Math.min(jobsBefore, jobsAfter));
      expect(jobs).toBeLessThanOrEqual(Math.max(jobsBefore, jobsAfter));
      // The processes' own figures, added up (memory) or by prom-client's aggregators (the start time of
      // two processes is no one figure: left out).
      expect(sampled(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sampled(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(text).not.toContain('process_start_time_seconds');
    }
    expect((await getAlone(`${server.url}/metrics`)).status).toBe(401);
  }, 60_000);

  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const [first, second] = await waitFor('two workers serving', async () => {
      const pids = servingPids(server.output());
      return pids.length >= 2 ? pids : undefined;
    });
    expect(first).not.toBe(second);
    expect(first).not.toBe(server.child.pid);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);

    process.kill(first ?? 0, 'SIGKILL');
    const third = await waitFor(
      'a worker in place of the dead one',
      async () => servingPids(server.output())[2],
    );
    expect([first, second]).not.toContain(third);
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [second, third]) expect(() => process.kill(pid ?? 0, 0)).toThrow();
  }, 90_000);
});

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

onPostgres?.('workers starting together on a new database', () => {
  // One of two workers died on "deadlock detected" in 3 of 6 fresh boots: pg-boss's create_queue against
  // itself (platform/jobs.ts, createQueue).
  it('each get the job queue, four at once, every time, with every queue made once', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `hearth_jobs_${randomBytes(6).toString('hex')}`;
      await onServer(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${name}`;
      const databases = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 1 })),
      );
      try {
        const queues = await Promise.all(
          databases.map((d) => startJobQueue(d, { info() {}, warn() {}, error() {} } as never)),
        );
        await Promise.all(queues.map((q) => q.stop()));
        const made = await queryRows<{ name: string }>(
          (databases[0] as Database).db,
          sql`select name from pgboss.queue order by name`,
        );
        expect(made.map((r) => r.name)).toEqual(Object.keys(QUEUES).sort());
      } finally {
        await Promise.all(databases.map((d) => d.close()));
        await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  }, 60_000);
});
