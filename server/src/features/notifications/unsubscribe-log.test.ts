// The unsubscribe token never reaches the log (ADR 033): it travels in a body, and the server's own logger
// (as main.ts builds it) records requests without their bodies, whether the token is taken or refused.
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useLoggingApp } from '../../../test/logging-app';
import { useTestApp } from '../../../test/use-test-app';
import { unsubscribeToken } from './unsubscribe-token';

const t = useTestApp();
const logged = useLoggingApp(t, 'trace');
const { lines } = logged;

describe('unsubscribe and the log', () => {
  it('logs the requests, never their tokens', async () => {
    const user = await createUser(t.db);
    const token = unsubscribeToken(t.app.config.jwtSecret as string, user.id);
    const mac = token.split('.')[1] as string;
    const forged = `${user.id + 1}.${mac}`;
    for (const [body, status] of [
      [{ token }, 200],
      [{ token: forged }, 400],
    ] as const) {
      const res = await logged.app.inject({
        method: 'POST',
        url: '/v1/api/notifications/unsubscribe',
        payload: body,
      });
      expect(res.statusCode).toBe(status);
    }
    expect(lines.some((l) => l.includes('/v1/api/notifications/unsubscribe'))).toBe(true);
    expect(lines.filter((l) => l.includes(mac))).toEqual([]);
  });
});
