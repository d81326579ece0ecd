// @engine: onPostgres: cluster counters
// Issue 31, item 5: /metrics as Prometheus reads it. Its text passes `promtool check metrics` (Debian's
// `prometheus` package; required under CI=true, skipped elsewhere without it), and with WORKERS=2 the
// counters it adds up across workers never go back (platform/metrics-cluster.ts): not when a worker misses a
// scrape (stopped with SIGSTOP), not when one dies and another replaces it. Prometheus would read any drop
// as a counter reset and count phantom traffic.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, sleep, startServerProcess, waitFor } from './server-process';
import { useTestApp } from './use-test-app';

const TOKEN = 'metrics-token-for-the-prometheus-test-01';

const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' }).status === 0;
if (!promtool && process.env.CI === 'true')
  throw new Error('promtool is required under CI=true (apt-get install -y prometheus)');

/** `promtool check metrics` on a scrape's text: its complaints, empty when clean. */
function promtoolProblems(text: string): string {
  const res = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (res.status === 0) return '';
  const said = `${res.stdout}${res.stderr}`.split('\n').filter((l) => l.trim());
  // Exit 3: lint problems only, all of them listed; anything else (1: the text does not parse) is one itself.
  return said.join('\n') || (res.status === 3 ? '' : `exit ${res.status}`);
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

const t = useTestApp({ config: { metricsToken: TOKEN } });

describe.runIf(promtool)('promtool check metrics', () => {
  it('finds nothing to say about a scrape', async () => {
    for (const url of ['/v1/health', '/v1/health/live', '/nothing-here'])
      await t.app.inject({ method: 'GET', url });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(promtoolProblems(res.body)).toBe('');
  });
});

/** A GET on a connection of its own, so that the primary hands it to the next worker; undefined on timeout. */
function getAlone(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 3000,
): Promise<{ status: number; body: string } | undefined> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve(undefined);
    });
    req.on('error', () => resolve(undefined));
  });
}

const servingPids = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('is serving'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

// Only where the suite has a PostgreSQL server: on PGlite the test is not registered (a skip fails CI).
const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
onPostgres?.('counters of a cluster across a missed scrape and a worker that dies', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'hearth-metrics-cluster-'));
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
    for (const pid of servingPids(server?.output() ?? '')) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {}
    }
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never lowers the sum of a counter', async () => {
    const [first] = await waitFor('two workers serving', async () => {
      const pids = servingPids(server.output());
      return pids.length >= 2 ? pids : undefined;
    });
    const health = { method: 'GET', route: '/v1/health', status: '200' };
    const seen: number[] = [];
    /** A scrape (retried when its connection went to a stopped worker): the health count it reports. */
    const scrape = async (answered: number) => {
      const text = await waitFor(
        'a scrape',
        async () => {
          const res = await getAlone(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` }, 9000);
          return res?.status === 200 ? res.body : undefined;
        },
        40_000,
      );
      expect(sampled(text, 'hearth_metrics_workers_answered')).toBe(answered);
      if (promtool) expect(promtoolProblems(text)).toBe('');
      const count = sampled(text, 'hearth_http_request_duration_seconds_count', health) ?? 0;
      const bucket = sampled(text, 'hearth_http_request_duration_seconds_bucket', { ...health, le: '+Inf' });
      expect(bucket).toBe(count);
      seen.push(count);
      return count;
    };
    const requests = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await getAlone(`${server.url}/v1/health`))?.status).toBe(200);
    };

    await requests(20);
    const before = await scrape(2);
    expect(before).toBeGreaterThanOrEqual(20);

    // A worker that misses a scrape counts with its last figures.
    process.kill(first as number, 'SIGSTOP');
    try {
      expect(await scrape(1)).toBeGreaterThanOrEqual(before);
    } finally {
      process.kill(first as number, 'SIGCONT');
    }
    await sleep(200);
    await requests(10);
    const both = await scrape(2);
    expect(both).toBeGreaterThanOrEqual(before + 10);

    // A worker that dies leaves its counters; its replacement's are added on top.
    process.kill(first as number, 'SIGKILL');
    await waitFor('a worker in place of the dead one', async () => servingPids(server.output())[2]);
    for (let i = 0; i < 4; i++) expect(await scrape(2)).toBeGreaterThanOrEqual(both);
    await requests(10);
    expect(await scrape(2)).toBeGreaterThanOrEqual(both + 10);

    // The whole series as Prometheus saw it: never lower than the scrape before.
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1] as number);
  }, 120_000);
});
