// Web push delivery: a local HTTP server plays the push service. A real browser key pair (ECDH P-256) lets
// the test decrypt what arrives; an endpoint answering 410 loses its subscription. Also: the VAPID keys.
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROLE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
// @ts-expect-error http_ece (a dependency of web-push) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { userWithSession } from '../../../test/factories';
import { settled } from '../../../test/jobs';
import { pushSubscriptions } from '../../db/schema';
import { createCategory, feedPostForm } from '../feed/test-support';
import { ensureVapidKeys, pushUrl } from './push';

type Received = { headers: IncomingMessage['headers']; body: Buffer; url: string };

let t: TestApp;
let admin: Awaited<ReturnType<typeof userWithSession>>;
let staff: Awaited<ReturnType<typeof userWithSession>>;
let categoryId: number;
let server: Server;
let base: string;
const received: Received[] = [];
let answer = 201;

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  staff = await userWithSession(t.app, t.db);
  categoryId = (await createCategory(t.db)).id;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((ok) => server.close(ok));
});

async function publishPost(title: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/api/feed-posts',
    headers: admin.headers,
    payload: feedPostForm(categoryId, { title }),
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as number | { id: number };
  await t.app.notifications.drain();
  // The fan-out queued the push as a job; it is sent by the queue's worker.
  await settled(t.app, 'push');
  return typeof data === 'number' ? data : data.id;
}

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

  it('delivers an encrypted payload with a VAPID signature; a 410 deletes the subscription', async () => {
    const client = createECDH('prime256v1');
    client.generateKeys();
    const auth = randomBytes(16);
    const endPoint = `${base}/push/abc`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/v1/api/users/register-notification',
      headers: staff.headers,
      payload: {
        endPoint,
        mkey: client.getPublicKey().toString('base64url'),
        authSecret: auth.toString('base64url'),
      },
    });
    expect(reg.statusCode).toBe(201);

    const postId = await publishPost('Push me');
    expect(received).toHaveLength(1);
    const got = received[0] as Received;
    expect(got.url).toBe('/push/abc');
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(got.body.length).toBeGreaterThan(0);
    const plain = ece.decrypt(got.body, {
      version: 'aes128gcm',
      privateKey: client,
      authSecret: auth.toString('base64url'),
    }) as Buffer;
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Push me',
      type: 'FEED_POST',
      objectId: postId,
      url: `/post-detail/${postId}`,
    });

    answer = 410;
    await publishPost('Gone');
    expect(received).toHaveLength(2);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endPoint));
    expect(rows).toHaveLength(0);
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
