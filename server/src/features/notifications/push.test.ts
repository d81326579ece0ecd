// Web push delivery: a local HTTPS push service (certificate made at test time) plays the push service; only
// this test allows its address (127.0.0.1, as `push.test`) and trusts its certificate. A real browser key pair
// (ECDH P-256) lets the test decrypt what arrives; an endpoint answering 404 or 410 loses its subscription; a
// redirect is not followed. Also: the VAPID keys, and the page each push opens.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
// @ts-expect-error http_ece (a dependency of web-push) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { pushSubscriptions } from '../../db/schema';
import { createCategory } from '../feed/test-support';
import { ensureVapidKeys, pushUrl } from './push';
import {
  browserKeys,
  type PushService,
  publishAndPush,
  type Received,
  selfSignedCertificate,
  startPushService,
} from './push-test-support';

const HOST = 'push.test';

let tls: { key: string; cert: string };
let categoryId: number;
let service: PushService;
let base: string;

const t = useTestApp({
  users: { admin: ROLE.ADMIN, staff: ROLE.STAFF },
  // The certificate is made as the app starts, so the app trusts the push service that serves it.
  deps: () => {
    tls = selfSignedCertificate(HOST);
    return {
      push: {
        resolve: async (host) => (host === HOST ? [{ address: '127.0.0.1', family: 4 }] : []),
        allows: (address) => address === '127.0.0.1',
        ca: tls.cert,
      },
    };
  },
});
const { admin, staff } = t.users;

beforeAll(async () => {
  service = await startPushService(tls);
  base = `https://${HOST}:${service.port}`;
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => service.close());

/** Registers a fresh browser of staff's on this endpoint; answers its keys. */
async function subscribe(endPoint: string) {
  const keys = browserKeys();
  const reg = await t.app.inject({
    method: 'POST',
    url: '/v1/api/users/register-notification',
    headers: staff.headers,
    payload: { endPoint, mkey: keys.mkey, authSecret: keys.authSecret },
  });
  expect(reg.statusCode).toBe(201);
  return keys;
}

const subscriptionsOf = (endPoint: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));

const publishPost = (title: string) => publishAndPush(t.app, admin.headers, categoryId, title);

describe('web push', () => {
  it('answers the VAPID public key, the same one after a restart (DATA_DIR/vapid.json, mode 0600)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/api/notifications/vapid-public-key',
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = join(t.config.dataDir, 'vapid.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(publicKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureVapidKeys({ dataDir: t.config.dataDir }).publicKey).toBe(publicKey);
    expect(
      ensureVapidKeys({ dataDir: t.config.dataDir, vapid: { publicKey: 'a', privateKey: 'b' } }),
    ).toEqual({
      publicKey: 'a',
      privateKey: 'b',
    });
  });

  it('delivers an encrypted payload with a VAPID signature over https; a 410 deletes the subscription', async () => {
    const endPoint = `${base}/push/abc`;
    const keys = await subscribe(endPoint);
    service.received.length = 0;
    service.answer = { status: 201 };

    const postId = await publishPost('Push me');
    expect(service.received).toHaveLength(1);
    const got = service.received[0] as Received;
    expect(got.url).toBe('/push/abc');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(got.body.length).toBeGreaterThan(0);
    const plain = ece.decrypt(got.body, {
      version: 'aes128gcm',
      privateKey: keys.ecdh,
      authSecret: keys.authSecret,
    }) as Buffer;
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Push me',
      type: 'FEED_POST',
      objectId: postId,
      url: `/post-detail/${postId}`,
    });

    service.answer = { status: 410 };
    await publishPost('Gone');
    expect(service.received).toHaveLength(2);
    expect(await subscriptionsOf(endPoint)).toHaveLength(0);
  });

  it('a 404 deletes the subscription too', async () => {
    const endPoint = `${base}/push/not-found`;
    await subscribe(endPoint);
    service.received.length = 0;
    service.answer = { status: 404 };
    await publishPost('Lost');
    expect(service.received.map((r) => r.url)).toEqual(['/push/not-found']);
    expect(await subscriptionsOf(endPoint)).toHaveLength(0);
  });

  it('does not follow a redirect: a 3xx is a failed delivery and nothing goes to its location', async () => {
    const endPoint = `${base}/push/moved`;
    await subscribe(endPoint);
    service.received.length = 0;
    for (const status of [301, 307, 308]) {
      service.answer = { status, headers: { location: `${base}/redirected` } };
      await publishPost(`Moved ${status}`);
    }
    expect(service.received.map((r) => r.url)).toEqual(['/push/moved', '/push/moved', '/push/moved']);
    // A failed delivery keeps the subscription (only 404 and 410 mean the browser dropped it).
    expect(await subscriptionsOf(endPoint)).toHaveLength(1);
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));
  });

  it('opens the page of each kind of notification', () => {
    const url = (type: string, eventType: string, postKind: number | null = null) =>
      pushUrl({ type, objectId: 7, eventType, postKind });
    expect(url('FEED_POST', 'FEED_POST')).toBe('/post-detail/7');
    expect(url('COMMUNITY_POST', 'COMMUNITY_POST')).toBe('/communities/post/7');
    expect(url('SURVEY', 'SURVEY')).toBe('/surveys/7');
    expect(url('COMMENT', 'COMMENT', 1)).toBe('/post-detail/7');
    expect(url('COMMENT', 'COMMENT', 2)).toBe('/communities/post/7');
    expect(url('COMMENT', 'DISCUSSION')).toBe('/communities/7?tab=discussion');
  });
});
