// The request id (platform/http/request-id.ts): every answer carries it as X-Request-Id (errors, 404s, the
// router's refusals, the SPA's page and files, the hijacked live stream), a proxy's own id is kept only
// behind a trusted proxy (TRUST_PROXY) and only when well-formed, and every log line of the request names
// it as `reqId`.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from './log-capture';
import { useTestApp } from './use-test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1)');
  return dir;
}

describe('without a trusted proxy', () => {
  const t = useTestApp({ users: { staff: ROLE.STAFF }, config: () => ({ webDist: webDist() }) });
  const { staff } = t.users;

  it('sends a new id with every answer, errors and the SPA included', async () => {
    const ids = new Set<string>();
    const cases: [string, number, Record<string, string>?][] = [
      ['/v1/health', 200],
      ['/v1/api/nothing-here', 404],
      ['/v1/api/users/1', 401],
      ['/v1/api/users/%E0%A4%A', 400],
      [`/v1/api/users/${'9'.repeat(101)}`, 414],
      ['/v1/api/notifications?userId=abc', 400, staff.headers],
      ['/login', 200],
      ['/assets/app-1.js', 200],
    ];
    for (const [url, status, headers] of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(status);
      const id = String(res.headers['x-request-id']);
      expect(id, url).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(cases.length);
  });

  it("ignores a client's own X-Request-Id", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-request-id': 'made-up-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('sends it on the live notification stream, whose head the handler writes itself', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${base}/v1/api/notifications/stream?once=1`, { headers: staff.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    await res.text();
  });
});

describe('behind a trusted proxy', () => {
  const lines: string[] = [];
  const t = useTestApp({
    config: { trustProxy: true },
    deps: () => ({ logger: capturingLogger('info', (line) => lines.push(line)) }),
  });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const withId = (id: string, url = '/v1/health') =>
    t.app.inject({ method: 'GET', url, headers: { 'x-request-id': id } });

  it("keeps the proxy's well-formed id", async () => {
    for (const id of ['a', 'proxy-1.2_AZaz09', 'x'.repeat(128), 'c0ffee00-1234-4abc-8def-0123456789ab']) {
      expect((await withId(id)).headers['x-request-id']).toBe(id);
    }
  });

  it('replaces a malformed one with a new id', async () => {
    for (const id of ['', 'has space', 'x'.repeat(129), 'a/b', '<script>', 'a,b', 'é']) {
      expect((await withId(id)).headers['x-request-id'], id).toMatch(UUID);
    }
    // Two headers arrive joined as "a, b".
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`, {
      headers: [
        ['x-request-id', 'first'],
        ['x-request-id', 'second'],
      ],
    });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });

  it('names the id in every log line of the request', async () => {
    const id = 'trace-from-proxy-42';
    const res = await fetch(`http://127.0.0.1:${port}/v1/api/nothing-here?page=2`, {
      headers: { 'x-request-id': id },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(id);
    await res.text();
    const generated = await fetch(`http://127.0.0.1:${port}/v1/health`);
    const genId = generated.headers.get('x-request-id') ?? '';
    expect(genId).toMatch(UUID);
    await generated.text();

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const ofRequest = parsed.filter((l) => JSON.stringify(l).includes('/v1/api/nothing-here'));
    const ofId = parsed.filter((l) => l.reqId === id);
    // Fastify's two lines: the request as it came, and its answer.
    expect(ofId.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest.every((l) => l.reqId === id)).toBe(true);
    expect(parsed.filter((l) => l.reqId === genId).map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    // Every line about a request (its req, its res) has the id.
    expect(parsed.filter((l) => (l.req || l.res) && !l.reqId)).toEqual([]);
  });
});
