// No credential reaches the log (issue 13, finding 8): the server's own logger (createLogger, as main.ts
// builds it) writes into a buffer while a session does what the web does: log in, take a stream ticket,
// open the stream, refresh, log out. No JWT and none of the opaque tokens handed out may appear in the
// lines; a token-like query parameter is logged as `[redacted]`.
import type { SessionProfile, StreamTicket } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, PASSWORD } from '../../test/factories';
import { useLoggingApp } from '../../test/logging-app';
import { basic, bearer } from '../../test/sessions';
import { useTestApp } from '../../test/use-test-app';
import { redactCredentials } from './http/log-redaction';

/** Shapes of what the app hands out: JWT access tokens and 32-byte base64url opaque tokens. */
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+/;
const OPAQUE_SHAPE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

const t = useTestApp();
const logged = useLoggingApp(t, 'info');
const { lines } = logged;
let base: string;

// Over HTTP, as the web's requests come: the stream is a real response, not an injected one.
beforeAll(async () => {
  base = await logged.app.listen({ port: 0, host: '127.0.0.1' });
});

describe('the request log', () => {
  it('holds no token after login, stream ticket, stream, refresh and logout', async () => {
    const user = await createUser(t.db);
    const handedOut: string[] = [];
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: basic(user.email, PASSWORD) },
    });
    expect(login.status).toBe(200);
    const session = ((await login.json()) as { data: SessionProfile }).data;
    handedOut.push(session.accessToken, session.refreshToken);

    const ticketRes = await fetch(`${base}/v1/api/notifications/stream-ticket`, {
      method: 'POST',
      headers: bearer(session.accessToken),
    });
    expect(ticketRes.status).toBe(200);
    const { ticket } = ((await ticketRes.json()) as { data: StreamTicket }).data;
    handedOut.push(ticket);
    const stream = await fetch(`${base}/v1/api/notifications/stream?ticket=${ticket}&once=1`);
    expect(stream.status).toBe(200);
    await stream.text();

    const refreshed = await fetch(`${base}/v1/auth/refresh-token`, {
      method: 'POST',
      headers: bearer(session.refreshToken),
    });
    expect(refreshed.status).toBe(200);
    const next = ((await refreshed.json()) as { data: SessionProfile }).data;
    handedOut.push(next.accessToken, next.refreshToken);

    // An old client that still puts its access token in the URL: refused, and not logged either.
    const stale = await fetch(`${base}/v1/api/notifications/stream?access_token=${next.accessToken}`);
    expect(stale.status).toBe(401);
    const out = await fetch(`${base}/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: next.refreshToken }),
    });
    expect(out.status).toBe(200);

    const log = lines.join('\n');
    expect(lines.some((l) => l.includes('/v1/api/notifications/stream?ticket=[redacted]'))).toBe(true);
    expect(lines.some((l) => l.includes('access_token=[redacted]'))).toBe(true);
    for (const token of handedOut) expect(log).not.toContain(token);
    expect(log).not.toMatch(JWT_SHAPE);
    expect(log).not.toMatch(OPAQUE_SHAPE);
  });

  it('redacts a token-like query parameter of any request', async () => {
    await fetch(`${base}/v1/health?token=abc&page=2&refreshToken=def`);
    const line = lines.find((l) => l.includes('/v1/health?'));
    expect(line).toContain('/v1/health?token=[redacted]&page=2&refreshToken=[redacted]');
    expect(line).not.toContain('abc');
  });
});

describe('redactCredentials', () => {
  it('blanks credential-like parameters and JWTs anywhere in a line, and leaves the rest', () => {
    expect(redactCredentials('/a?ticket=x1&id=7&api_key=k&Access_Token=y')).toBe(
      '/a?ticket=[redacted]&id=7&api_key=[redacted]&Access_Token=[redacted]',
    );
    expect(redactCredentials('{"msg":"link http://h/reset-password?token=Zz9_-"}')).toBe(
      '{"msg":"link http://h/reset-password?token=[redacted]"}',
    );
    expect(redactCredentials('bad token eyJhbGciOi.eyJzdWIiOiIx.c2lnbmF0dXJl here')).toBe(
      'bad token [redacted] here',
    );
    expect(redactCredentials('{"url":"/v1/api/newsfeed?page=2"}')).toBe('{"url":"/v1/api/newsfeed?page=2"}');
  });
});
