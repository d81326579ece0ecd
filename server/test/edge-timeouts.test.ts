// Issue 13, finding 12: slow clients. A real listening server with short timeouts, driven over raw sockets:
// half-sent headers and stalled or trickling bodies are closed; a slow but steady upload and the live
// notification stream outlast the idle timeout.
import type { AddressInfo } from 'node:net';
import { MSG, ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from '../src/features/files/test-kit';
import type { HttpTimeouts } from '../src/platform/http/timeouts';
import { closedWithin, head, parseAnswer, rawConnect, sleep } from './raw-http';
import { userWithSession } from './sessions';
import { useTestApp } from './use-test-app';

const timeouts: HttpTimeouts = {
  idleMs: 1500,
  keepAliveMs: 1000,
  headersMs: 400,
  bodyMs: 2500,
  requestMs: 20_000,
  streamIdleMs: 10_000,
  checkIntervalMs: 100,
};

const t = useTestApp({ config: { httpTimeouts: timeouts } });
let port = 0;
let auth: string;
let userId: number;

beforeAll(async () => {
  const staff = await userWithSession(t.app, t.db, { roleId: ROLE.STAFF });
  auth = staff.headers.authorization;
  userId = staff.user.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

describe('slow clients', () => {
  it('closes a request whose headers never finish within the header timeout, answering 408 in the envelope', async () => {
    const conn = await rawConnect(port);
    conn.write('GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const ms = await closedWithin(conn, 3000);
    // headersMs plus one check interval, with slack for a loaded machine; well before the idle timeout.
    expect(ms).toBeLessThan(timeouts.idleMs);
    const answer = parseAnswer(conn.received());
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ error: MSG.somethingWrong, code: 'request_timeout' });
  });

  it('closes a connection whose body stops arriving after the idle timeout', async () => {
    const conn = await rawConnect(port);
    conn.write(
      head('POST', '/v1/auth/reset-password', { 'content-type': 'application/json', 'content-length': 100 }),
    );
    conn.write('{"email":"');
    const ms = await closedWithin(conn, 4000);
    expect(ms).toBeGreaterThanOrEqual(timeouts.idleMs - 50);
  });

  it('closes an ordinary request whose body trickles in past the body deadline', async () => {
    const conn = await rawConnect(port);
    const body = Buffer.from(JSON.stringify({ email: `${'a'.repeat(60)}@example.com` }));
    conn.write(
      head('POST', '/v1/auth/reset-password', {
        'content-type': 'application/json',
        'content-length': body.length,
      }),
    );
    // A byte every 300 ms never lets the idle timeout fire; 72 bytes would take over 20 s.
    void conn.trickle(body, body.length, 300);
    const ms = await closedWithin(conn, 6000);
    expect(ms).toBeGreaterThan(timeouts.idleMs);
    expect(ms).toBeGreaterThanOrEqual(timeouts.bodyMs - 50);
    const answer = parseAnswer(conn.received());
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ error: MSG.somethingWrong, code: 'request_timeout' });
  });

  it('lets a slow but steady upload run past the idle timeout and the body deadline', async () => {
    const png = await pngImage(400, 300);
    const form = multipart([
      { name: 'folder', value: 'post' },
      { name: 'file', filename: 'slow.png', contentType: 'image/png', data: png },
    ]);
    const conn = await rawConnect(port);
    conn.write(head('POST', '/v1/api/files/upload', { authorization: auth, ...form.headers }));
    const started = Date.now();
    // 14 pieces, one every 250 ms: about 3.5 s of upload, never idle for a whole second.
    await conn.trickle(form.payload, 14, 250);
    expect(Date.now() - started).toBeGreaterThan(timeouts.bodyMs);
    await closedWithin(conn, 5000).catch(() => undefined);
    const answer = parseAnswer(conn.received());
    expect(answer.status, conn.received()).toBe(201);
    expect(answer.body).toMatchObject({ data: { file: { resourceType: 'image' } } });
    conn.socket.destroy();
  });

  it('keeps the notification stream open past the idle timeout, still delivering counts', async () => {
    const conn = await rawConnect(port);
    conn.write(
      head('GET', '/v1/api/notifications/stream', { authorization: auth, accept: 'text/event-stream' }),
    );
    await sleep(300);
    expect(conn.received()).toContain('text/event-stream');
    expect(conn.received()).toContain('"unviewed":0');
    // Three idle timeouts without a byte either way (the heartbeat comes every 25 s).
    await sleep(timeouts.idleMs * 3);
    expect(conn.open()).toBe(true);
    const before = conn.received().length;
    await t.app.events.publish({ userIds: [userId] });
    await sleep(300);
    expect(conn.received().slice(before)).toContain('"unviewed":0');
    conn.socket.destroy();
  });
});
