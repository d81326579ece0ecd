// SIGTERM ends the real server process cleanly and within its bound (issue 16): no new connections, a
// request in flight still gets its answer, a request after it on the same connection gets 503 (in the error
// envelope, with its request id), a live notification stream ends with an SSE retry hint, and the process
// exits 0. Before that it drains for SHUTDOWN_DRAIN_SECONDS (issue 31): readiness answers 503 so that load
// balancers move on, while the port still serves everything else.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed-demo';
import { type ServerProcess, sleep, startServerProcess } from './server-process';
import { basic } from './sessions';

let server: ServerProcess;
let child: ChildProcess;
let port: number;
let url: string;
let dataDir: string;
const output = () => server.output();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hearth-shutdown-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    // The demo accounts, to open a notification stream as staff.
    SEED_DEMO: '1',
    LOG_LEVEL: 'info',
    // The embedded database in the temporary DATA_DIR, whatever leg of the suite runs this.
    DATABASE_URL: undefined,
  });
  ({ child, port, url } = server);
}, 70_000);

afterAll(async () => {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Everything the server sends on `socket` until it closes the connection. */
const untilClosed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('close', () => resolve(text));
    socket.on('error', () => undefined);
  });

/** The statuses of the answers in what came back on a connection. */
const statusesOf = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

describe('SIGTERM', () => {
  it('finishes what is in flight, refuses what is new, ends streams with a retry hint, and exits 0', async () => {
    const login = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: basic('staff@example.com', DEMO_PASSWORD) },
    });
    expect(login.status).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;

    // A live stream, read as text.
    const stream = await fetch(`${url}/v1/api/notifications/stream`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(stream.status).toBe(200);
    const streamText = (async () => {
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>)
        text += decoder.decode(chunk);
      return text;
    })();

    // Two requests in flight: their headers and half their bodies have arrived when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.com' });
    const inFlight = async () => {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const answers = untilClosed(socket);
      socket.write(
        `POST /v1/auth/reset-password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      return { socket, answers };
    };
    const alone = await inFlight();
    const followed = await inFlight();
    await sleep(300);

    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      const started = Date.now();
      child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    });
    child.kill('SIGTERM');

    // The stream ends at once, with the hint to reconnect later.
    const streamed = await streamText;
    expect(streamed).toMatch(/retry: \d+\n\n$/);

    // New connections are refused while the requests in flight are still being answered.
    await sleep(200);
    const refused = await new Promise<string>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    // One gets the rest of its body and nothing more: its answer comes, then the server closes the
    // connection, which the client would have kept open.
    alone.socket.write(body.slice(5));
    const aloneText = await alone.answers;
    expect(statusesOf(aloneText)).toEqual([200]);
    expect(aloneText).toContain('"message"');
    // The other gets a second request right behind its body, on the same connection: that one is 503.
    followed.socket.write(`${body.slice(5)}GET /v1/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const followedText = await followed.answers;
    expect(statusesOf(followedText)).toEqual([200, 503]);
    // The refusal is the envelope's, with the request id and when to try again (platform/http/closing.ts).
    const refusal = followedText.slice(followedText.lastIndexOf('HTTP/1.1 503'));
    expect(refusal).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(refusal).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/i);
    expect(refusal).toMatch(/\r\nconnection: close\r\n/i);
    expect(refusal).toContain('"code":"unavailable"');

    const { code, ms } = await exited;
    expect(code).toBe(0);
    // Well within main.ts's bound (25 s): nothing was left open to wait for.
    expect(ms).toBeLessThan(10_000);
    expect(output()).toContain('shut down');
  }, 20_000);
});

describe('SIGTERM with a drain period', () => {
  let drained: ServerProcess;
  let drainDir: string;
  const DRAIN_SECONDS = 3;

  beforeAll(async () => {
    drainDir = mkdtempSync(join(tmpdir(), 'hearth-drain-'));
    drained = await startServerProcess({
      DATA_DIR: drainDir,
      // The demo accounts, for an API call as staff.
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    });
  }, 70_000);
  afterAll(async () => {
    await drained.kill();
    rmSync(drainDir, { recursive: true, force: true });
  });

  it('answers readiness 503 while it still serves, then closes and exits 0', async () => {
    const { url: base, child: proc } = drained;
    // A new connection each: the port must still accept them while draining.
    const status = (path: string, init?: RequestInit) =>
      fetch(`${base}${path}`, { ...init, headers: { connection: 'close', ...init?.headers } }).then(
        (r) => r.status,
      );
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: basic('staff@example.com', DEMO_PASSWORD) },
    });
    expect(login.status).toBe(200);
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const apiCall = () =>
      status('/v1/api/statistics', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await status('/v1/health/ready')).toBe(200);
    expect(await apiCall()).toBe(200);

    const started = Date.now();
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      proc.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    });
    proc.kill('SIGTERM');

    // Within moments readiness says no, whatever its checks say...
    for (;;) {
      const ready = await status('/v1/health/ready');
      if (ready === 503) break;
      expect(ready).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      await sleep(50);
    }
    const answer = await fetch(`${base}/v1/health/ready`);
    expect(answer.status).toBe(503);
    const body = (await answer.json()) as { code: string; error: string };
    expect(body.code).toBe('not_ready');
    expect(body.error).toContain('shutting down');
    // ...while the process, the API and the rest answer as before, for the whole drain.
    while (Date.now() - started < (DRAIN_SECONDS - 1) * 1000) {
      expect(await status('/v1/health/live')).toBe(200);
      expect(await apiCall()).toBe(200);
      expect(await status('/v1/config')).toBe(200);
      expect(await status('/v1/health/ready')).toBe(503);
      expect(proc.exitCode).toBeNull();
      await sleep(100);
    }

    // Then the close of before: the process exits 0, after the drain and well within its bound.
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000 - 100);
    expect(ms).toBeLessThan(DRAIN_SECONDS * 1000 + 10_000);
    expect(drained.output()).toContain('drained: closing');
    expect(drained.output()).toContain('shut down');
  }, 30_000);
});
