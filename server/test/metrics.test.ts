// @engine: onPostgres: pool figures and a LISTEN reconnect
// GET /metrics (platform/metrics.ts): off without METRICS_TOKEN (404, never the SPA's page), 401 without the
// token or with a wrong one, and with it the Prometheus text whose figures follow what the app does: requests
// by route pattern (never the URL), open live streams, mail and push failures, event bus reconnects, jobs
// per queue and state, the database pool on PostgreSQL, and the process's own figures.

import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../src/features/feed/test-support';
import { browserKeys, publishAndPush } from '../src/features/notifications/push-test-support';
import { createGroups, registrationBody } from './factories';
import { settled } from './jobs';
import { useTestApp } from './use-test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const PUSH_HOST = 'push.test';

/** A stand-in for web/dist: the SPA's index.html and one hashed asset. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-5f3a9c.js'), 'console.log(1)');
  return dir;
}

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text answer. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[k as string] = v as string;
    samples.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with this name and (at least) these labels; undefined when there is none. */
function sampled(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

describe('metrics off (no METRICS_TOKEN)', () => {
  const t = useTestApp({ config: () => ({ webDist: webDist() }) });

  it('answers 404 at /metrics, as any unknown path, and not the SPA page', async () => {
    for (const url of ['/metrics', '/metrics?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    // The SPA's fallback still serves its pages.
    expect((await t.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
  });
});

describe('metrics on', () => {
  let pushPort = 0;
  const t = useTestApp({
    users: { admin: ROLE.ADMIN, staff: ROLE.STAFF },
    config: () => ({ metricsToken: TOKEN, webDist: webDist() }),
    // push.test is this machine, where nothing listens on the port of the endpoint: every push fails.
    deps: {
      push: {
        resolve: async (host) => (host === PUSH_HOST ? [{ address: '127.0.0.1', family: 4 }] : []),
        allows: (address) => address === '127.0.0.1',
      },
    },
  });
  const { admin, staff } = t.users;

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return parse(res.body);
  };

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A port that was free a moment ago: connections to it are refused.
    const probe = createServer().listen(0, '127.0.0.1');
    await once(probe, 'listening');
    pushPort = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));
  });

  it('refuses a scrape without the token, with a wrong one and with a user token: 401', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
      staff.headers.authorization,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().code).toBe('unauthenticated');
      expect(res.body).not.toContain('hearth_');
    }
  });

  it('answers the Prometheus text with the token, not cached, not in the API document', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of [
      'hearth_http_request_duration_seconds',
      'hearth_live_streams',
      'hearth_jobs',
      'hearth_mail_failures_total',
      'hearth_push_failures_total',
      'hearth_event_bus_reconnects_total',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(res.body, name).toContain(`# TYPE ${name} `);
    // Labelled failures start at 0, so the first one shows as an increase.
    for (const reason of ['error', 'refused'])
      expect(sampled(parse(res.body), 'hearth_push_failures_total', { reason })).toBe(0);
    const doc = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(Object.keys(doc.json().paths)).not.toContain('/metrics');
  });

  it('counts requests by method, route pattern and status, never by URL', async () => {
    const route = { method: 'GET', route: '/v1/api/users/:id', status: '401' };
    const before = sampled(await scrape(), 'hearth_http_request_duration_seconds_count', route) ?? 0;
    for (const id of [7351, 7352, 7353])
      expect((await t.app.inject({ method: 'GET', url: `/v1/api/users/${id}` })).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/v1/api/no-such-thing-8842' });
    await t.app.inject({ method: 'GET', url: '/some/page-9931' });
    await t.app.inject({ method: 'GET', url: '/assets/app-5f3a9c.js' });

    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const after = parse(res.body);
    expect(sampled(after, 'hearth_http_request_duration_seconds_count', route)).toBe(before + 3);
    // Every request lands in a bucket; the largest one holds them all.
    expect(sampled(after, 'hearth_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
      before + 3,
    );
    expect(
      sampled(after, 'hearth_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampled(after, 'hearth_http_request_duration_seconds_count', { route: 'unmatched', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampled(after, 'hearth_http_request_duration_seconds_count', { route: 'static', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    // In no label; the whole text would do, but a figure (a GC duration) may hold the digits by chance.
    const labels = after.flatMap((s) => Object.values(s.labels)).join('\n');
    for (const raw of ['7351', '8842', '9931', '5f3a9c']) expect(labels).not.toContain(raw);
  });

  it('shows an open live stream as 1 while it is open, and 0 once it closed', async () => {
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect(sampled(await scrape(), 'hearth_live_streams')).toBe(0);
    const abort = new AbortController();
    const res = await fetch(`${base}/v1/api/notifications/stream`, {
      headers: staff.headers,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    // The first count has arrived: the stream is registered.
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('unviewed');
    expect(sampled(await scrape(), 'hearth_live_streams')).toBe(1);
    abort.abort();
    let open: number | undefined = 1;
    for (let i = 0; i < 50 && open !== 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      open = sampled(await scrape(), 'hearth_live_streams');
    }
    expect(open).toBe(0);
  });

  it('counts mail the SMTP server refused', async () => {
    const failures = () => scrape().then((s) => sampled(s, 'hearth_mail_failures_total'));
    const before = (await failures()) ?? 0;
    t.mailbox.refuseNext(1);
    const body = registrationBody(await createGroups(t.db));
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: body })).statusCode).toBe(
      201,
    );
    await t.mailbox.waitFor(body.email);
    await settled(t.app, 'mail');
    expect(await failures()).toBe(before + 1);
  });

  it('counts web push that got no answer, and the push jobs by queue and state', async () => {
    const keys = browserKeys();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/v1/api/users/register-notification',
      headers: staff.headers,
      payload: {
        endPoint: `https://${PUSH_HOST}:${pushPort}/push/x`,
        mkey: keys.mkey,
        authSecret: keys.authSecret,
      },
    });
    expect(reg.statusCode).toBe(201);
    const before = await scrape();
    expect(sampled(before, 'hearth_jobs', { queue: 'push', state: 'created' })).toBe(0);
    expect(sampled(before, 'hearth_jobs', { queue: 'mail', state: 'failed' })).toBe(0);
    const failed = (s: Sample[]) => sampled(s, 'hearth_push_failures_total', { reason: 'error' }) ?? 0;

    const categoryId = (await createCategory(t.db)).id;
    await publishAndPush(t.app, admin.headers, categoryId, 'Push that fails');
    expect(failed(await scrape())).toBe(failed(before) + 1);
  });

  it('counts the event bus coming back (its resync message)', async () => {
    const reconnects = () => scrape().then((s) => sampled(s, 'hearth_event_bus_reconnects_total'));
    const before = (await reconnects()) ?? 0;
    await t.app.events.publish({ userIds: [], resync: true });
    for (let i = 0; i < 50 && (await reconnects()) === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await reconnects()).toBe(before + 1);
  });

  // Cutting the LISTEN connection needs a PostgreSQL server (the PostgreSQL leg of the suite); on PGlite the
  // bus lives in the process and has no connection to lose.
  const onPostgres = process.env.TEST_DATABASE_URL ? it : undefined;
  onPostgres?.('counts a real reconnect of the LISTEN connection', async () => {
    const reconnects = () => scrape().then((s) => sampled(s, 'hearth_event_bus_reconnects_total') ?? 0);
    const before = await reconnects();
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
    // The bus tries again after a second.
    for (let i = 0; i < 50 && (await reconnects()) === before; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await reconnects()).toBe(before + 1);
  });

  it('reports the PostgreSQL pool, and no pool on PGlite', async () => {
    const samples = await scrape();
    if (t.app.database.kind === 'postgres') {
      expect(sampled(samples, 'hearth_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
      expect(sampled(samples, 'hearth_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sampled(samples, 'hearth_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampled(samples, 'hearth_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(samples.some((s) => s.name.startsWith('hearth_db_pool_'))).toBe(false);
    }
  });
});
