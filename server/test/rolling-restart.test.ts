// @engine: onPostgres: two processes behind Caddy
// A rolling restart drops nothing (issue 31): two server processes on one PostgreSQL database behind a real
// Caddy configured from deploy/Caddyfile (its reverse_proxy block as it is; only the addresses are the test's,
// and no TLS). Under a steady load through Caddy, each instance in turn gets SIGTERM, drains (readiness 503
// while it still serves, so Caddy's health check moves traffic to the other), closes, and is replaced by a
// new process on its port: not one request fails. Several processes need a database server, so this belongs
// to the PostgreSQL leg of the suite (mandatory under CI, where `.ci/run` installs Caddy).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { templateCopy } from './database';
import {
  freePort,
  SERVER_DIR,
  type ServerProcess,
  sleep,
  startServerProcess,
  waitFor,
} from './server-process';

const CADDY = process.env.CADDY_PATH ?? 'caddy';
/** Shorter than production's 10 s, and still several of the reference Caddyfile's 1 s health checks. */
const DRAIN_SECONDS = 3;
/**
 * Requests at once through Caddy for the whole run, each loop pausing a little between them: a steady few
 * hundred a second that leaves the two cores of a CI machine room to start the replacements.
 */
const CONCURRENCY = 4;
const PAUSE_MS = 5;

/** The reference Caddyfile with the test's addresses: plain HTTP on loopback, no admin endpoint. */
function caddyfileFor(caddyPort: number, upstreams: number[]): string {
  const reference = readFileSync(join(SERVER_DIR, '..', 'deploy', 'Caddyfile'), 'utf8');
  const site = '{$HEARTH_HOST} {';
  const backends = 'reverse_proxy hearth1:3000 hearth2:3000 {';
  if (!reference.includes(site) || !reference.includes(backends))
    throw new Error('deploy/Caddyfile changed its site or upstreams: update rolling-restart.test.ts');
  const body = reference
    .replace(site, `http://127.0.0.1:${caddyPort} {`)
    .replace(backends, `reverse_proxy ${upstreams.map((p) => `127.0.0.1:${p}`).join(' ')} {`);
  return `{\n\tadmin off\n\tauto_https off\n}\n${body}`;
}

// Everywhere (PGlite too): the reference Caddyfile still has what the rolling restart relies on.
describe('the reference Caddyfile', () => {
  it('checks readiness and retries on the other instance, in a block this test can rewrite', () => {
    const config = caddyfileFor(8080, [3001, 3002]);
    expect(config).toContain('reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {');
    expect(config).toMatch(/health_uri \/v1\/health\/ready/);
    expect(config).toMatch(/lb_try_duration \d+s/);
  });
});

const caddyFound = spawnSync(CADDY, ['version'], { encoding: 'utf8' }).status === 0;
const onPostgres = process.env.TEST_DATABASE_URL ? describe : undefined;
// Without Caddy the test is skipped, which fails a run under CI=true (scripts/test.mjs).
const withCaddy = caddyFound ? onPostgres : onPostgres?.skip;

withCaddy?.('a rolling restart of two instances behind Caddy', () => {
  const database = templateCopy('hearth_rolling');
  const databaseUrl = database.url;
  let root: string;
  let caddy: ChildProcess | undefined;
  let caddyOutput = '';
  let caddyUrl: string;
  const ports: number[] = [];
  const instances: (ServerProcess | undefined)[] = [];
  const vapid = webpush.generateVAPIDKeys();

  /** An ordinary instance (the settings every instance shares), on `ports[slot]`. */
  const startInstance = (slot: number, generation: number) => {
    const dataDir = join(root, `instance-${slot}-${generation}`);
    mkdirSync(dataDir);
    return startServerProcess({
      DATABASE_URL: databaseUrl,
      PORT: String(ports[slot]),
      WORKERS: '1',
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      SINGLE_INSTANCE: undefined,
      JWT_SECRET: 'rolling-restart-test-secret-0123456789abcdef',
      // Never asked: the load reads no file.
      S3_BUCKET: 'hearth-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: '1',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hearth-rolling-'));
    await database.create();
    ports.push(await freePort(), await freePort());
    instances.push(...(await Promise.all([startInstance(0, 0), startInstance(1, 0)])));

    const caddyPort = await freePort();
    caddyUrl = `http://127.0.0.1:${caddyPort}`;
    const config = join(root, 'Caddyfile');
    writeFileSync(config, caddyfileFor(caddyPort, ports));
    caddy = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], {
      // Caddy keeps its state under the home and XDG folders: the test's own, thrown away after.
      env: { ...process.env, HOME: root, XDG_DATA_HOME: root, XDG_CONFIG_HOME: root },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d) => (caddyOutput += d));
    caddy.stderr?.on('data', (d) => (caddyOutput += d));
    await waitFor(
      'Caddy to pass requests on',
      async () => ((await fetch(`${caddyUrl}/v1/health/ready`)).ok ? true : undefined),
      15_000,
    );
    // Both instances in rotation: a few of Caddy's health checks.
    await sleep(2500);
  }, 60_000);

  afterAll(async () => {
    caddy?.kill('SIGKILL');
    await Promise.all(instances.map((s) => s?.kill()));
    await database.drop().catch(() => undefined);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('replaces each instance in turn under load with no failed request', async () => {
    let stop = false;
    const failures: string[] = [];
    let sent = 0;
    const timings: string[] = [];
    // What a browser asks most: an answer from the database, and one without it.
    const paths = ['/v1/health', '/v1/config'];
    const loop = async (n: number) => {
      for (let i = n; !stop; i++) {
        const path = paths[i % paths.length] as string;
        sent++;
        try {
          const res = await fetch(`${caddyUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        } catch (err) {
          failures.push(`${path}: ${(err as Error).message}`);
        }
        await sleep(PAUSE_MS);
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => loop(n)));
    try {
      await sleep(1000);
      for (const slot of [0, 1]) {
        const old = instances[slot] as ServerProcess;
        const exited = new Promise<number | null>((resolve) => old.child.once('exit', resolve));
        const started = Date.now();
        old.child.kill('SIGTERM');
        expect(await exited).toBe(0);
        // It served through its drain and then closed.
        expect(Date.now() - started).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
        const stopped = Date.now();
        instances[slot] = await startInstance(slot, 1);
        timings.push(
          `instance ${slot + 1}: stopped in ${stopped - started} ms, replaced in ${Date.now() - stopped} ms`,
        );
        // Back in Caddy's rotation (its next health check) before the other one goes.
        await sleep(1500);
      }
      await sleep(1000);
    } finally {
      stop = true;
      await load;
    }
    console.info(
      `rolling restart behind Caddy: ${failures.length} of ${sent} requests failed (${timings.join('; ')})`,
    );
    expect(sent).toBeGreaterThan(500);
    expect(failures, caddyOutput.slice(-2000)).toEqual([]);
  }, 60_000);
});
