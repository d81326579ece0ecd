// @engine: registrations racing for an endpoint and the limit (row lock)
// Issue 13, finding 10: push subscriptions are checked and bounded. Keys must be a browser's (P-256 point,
// 16-byte auth secret), at most 10 per user even when registered all at once, and an endpoint stays with the
// user who registered it (another user gets 409, the row keeps its owner and keys). Endpoints here are
// names that the injected resolver maps to a public address (no DNS in tests).
import { MSG } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { pushSubscriptions } from '../../db/schema';
import { browserKeys } from './push-test-support';
import { MAX_PUSH_SUBSCRIPTIONS } from './service';

const t = useTestApp({
  users: { staff: {}, other: {} },
  deps: { push: { resolve: async () => [{ address: '93.184.215.14', family: 4 }] } },
});
const { staff, other } = t.users;
let seq = 0;

const newEndpoint = () => `https://push.public.test/send/${Date.now().toString(36)}-${++seq}`;

const call = (method: 'POST' | 'DELETE', s: Session, payload: object) =>
  t.call(method, '/v1/api/users/register-notification', s, payload);

const register = (s: Session, endPoint: string, keys = browserKeys(), extra: object = {}) =>
  call('POST', s, { endPoint, mkey: keys.mkey, authSecret: keys.authSecret, ...extra });

const rowsOf = (endPoint: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));

describe('registering a push subscription', () => {
  it('stores it, refreshes its keys for the same user, and removes it for its owner only', async () => {
    const endPoint = newEndpoint();
    const first = browserKeys();
    expect((await register(staff, endPoint, first)).statusCode).toBe(201);
    expect((await register(staff, endPoint, first, { userId: other.user.id })).statusCode).toBe(403);
    // The same browser of the same user again (new keys after a resubscribe): the row is updated.
    const second = browserKeys();
    expect((await register(staff, endPoint, second)).statusCode).toBe(201);
    let rows = await rowsOf(endPoint);
    expect(rows.map((r) => [r.userId, r.p256dh])).toEqual([[staff.user.id, second.mkey]]);
    // Someone else cannot remove it.
    await call('DELETE', other, { endPoint });
    expect(await rowsOf(endPoint)).toHaveLength(1);
    expect((await call('DELETE', staff, { endPoint })).statusCode).toBe(200);
    rows = await rowsOf(endPoint);
    expect(rows).toHaveLength(0);
  });

  it('never hands an endpoint to another user: 409, owner and keys unchanged', async () => {
    const endPoint = newEndpoint();
    const owners = browserKeys();
    expect((await register(staff, endPoint, owners)).statusCode).toBe(201);
    const res = await register(other, endPoint);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: MSG.pushEndpointRefused,
      code: 'conflict',
      fields: { endPoint: MSG.pushEndpointRefused },
    });
    const rows = await rowsOf(endPoint);
    expect(rows.map((r) => [r.userId, r.p256dh, r.auth])).toEqual([
      [staff.user.id, owners.mkey, owners.authSecret],
    ]);
  });

  it('gives a new endpoint registered by two users at once to exactly one of them', async () => {
    const endPoint = newEndpoint();
    const answers = await Promise.all([register(staff, endPoint), register(other, endPoint)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await rowsOf(endPoint);
    expect(rows).toHaveLength(1);
    const winner = answers[0]?.statusCode === 201 ? staff : other;
    expect(rows[0]?.userId).toBe(winner.user.id);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} per user, also when they are registered all at once`, async () => {
    const me = await userWithSession(t.app, t.db);
    const attempts = MAX_PUSH_SUBSCRIPTIONS + 5;
    const answers = await Promise.all(Array.from({ length: attempts }, () => register(me, newEndpoint())));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json()).toMatchObject({ error: MSG.pushTooMany, code: 'conflict' });
    const mine = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id));
    expect(mine).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    // At the limit, one of the user's own endpoints may still be refreshed; a new one is still refused.
    const kept = mine[0]?.endpoint as string;
    expect((await register(me, kept)).statusCode).toBe(201);
    expect((await register(me, newEndpoint())).statusCode).toBe(409);
    // Removing one makes room again.
    expect((await call('DELETE', me, { endPoint: kept })).statusCode).toBe(200);
    expect((await register(me, newEndpoint())).statusCode).toBe(201);
  });
});

describe('push subscription keys', () => {
  const good = browserKeys();
  const point = Buffer.from(good.mkey, 'base64url');
  const withPrefix = (prefix: number) => Buffer.concat([Buffer.from([prefix]), point.subarray(1)]);
  const offCurve = Buffer.from(point);
  offCurve[64] = (offCurve[64] ?? 0) ^ 1;
  const b64 = (b: Buffer) => b.toString('base64url');

  const badKeys: [string, string][] = [
    ['not base64url', 'key'],
    ['standard base64 characters', b64(point).replace(/-|_/g, '+').replace(/^./, '+')],
    ['64 bytes', b64(point.subarray(0, 64))],
    ['66 bytes', b64(Buffer.concat([point, Buffer.from([0])]))],
    ['a compressed point (33 bytes)', b64(Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]))],
    ['65 bytes not starting 0x04', b64(withPrefix(0x02))],
    ['65 bytes off the curve', b64(offCurve)],
    ['65 zero bytes after 0x04', b64(withPrefix(0x04).fill(0, 1))],
  ];
  it.each(badKeys)('refuses a p256dh key that is %s: 400 on mkey', async (_what, mkey) => {
    const endPoint = newEndpoint();
    const res = await call('POST', staff, { endPoint, mkey, authSecret: good.authSecret });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG.invalidInput, fields: { mkey: MSG.invalidInput } });
    expect(await rowsOf(endPoint)).toHaveLength(0);
  });

  const badSecrets: [string, string][] = [
    ['not base64url', 'secret!'],
    ['15 bytes', b64(Buffer.alloc(15, 1))],
    ['17 bytes', b64(Buffer.alloc(17, 1))],
    ['empty', ''],
  ];
  it.each(badSecrets)('refuses an auth secret that is %s: 400 on authSecret', async (_what, authSecret) => {
    const endPoint = newEndpoint();
    const res = await call('POST', staff, { endPoint, mkey: good.mkey, authSecret });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG.invalidInput, fields: { authSecret: MSG.invalidInput } });
    expect(await rowsOf(endPoint)).toHaveLength(0);
  });

  it('accepts padded base64url, as some browsers may send', async () => {
    const endPoint = newEndpoint();
    const res = await call('POST', staff, {
      endPoint,
      mkey: `${good.mkey}=`,
      authSecret: `${good.authSecret}==`,
    });
    expect(res.statusCode).toBe(201);
  });
});
