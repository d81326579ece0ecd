// Web push delivery (ADR 012): after a fan-out batch has committed, each new notification of those events
// goes to every push subscription of its recipient, encrypted (aes128gcm) and signed with the VAPID keys.
// Off the fan-out transaction, at most PUSH_CONCURRENCY requests at a time; a failure is only logged, except
// 404/410 (the browser dropped the subscription), which deletes that subscription. Never throws. Requests
// go only to https endpoints on public addresses, without following redirects (push-network.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type NotificationType, notificationPath, POST_KIND } from '@hearth/contract';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { feedPosts, notificationEvents, notifications, pushSubscriptions } from '../../db/schema';
import { createPushTransport, type PushNetwork } from './push-network';

export type VapidKeys = { publicKey: string; privateKey: string };

/** Requests to push services in flight at once. */
export const PUSH_CONCURRENCY = 10;
/** A push service that does not answer within this is given up on (logged). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a browser that is offline. */
const PUSH_TTL_S = 24 * 3600;

/** The configured keys, else the pair in DATA_DIR/vapid.json, generated there (mode 0600) the first time. */
export function ensureVapidKeys(config: Pick<Config, 'dataDir' | 'vapid'>): VapidKeys {
  if (config.vapid) return config.vapid;
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey)
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** What the service worker receives (web/public/sw.js). */
export type PushPayload = { title: string; type: string; objectId: number; url: string };

/** The page a push opens: the bell's rule (`notificationPath`), from the row the sender reads. */
export function pushUrl(n: {
  type: string;
  objectId: number;
  eventType: string;
  postKind: number | null;
}): string {
  return notificationPath({
    type: n.type as NotificationType,
    objectId: n.objectId,
    isCommunityPost: n.postKind === POST_KIND.COMMUNITY,
    communityId: n.eventType === 'DISCUSSION' ? n.objectId : undefined,
  });
}

type Logger = { warn(obj: object, msg: string): void };

export type PushSender = {
  publicKey: string;
  /** Sends the notifications of these (committed) events to their recipients' subscriptions. */
  sendForEvents(eventIds: number[]): Promise<void>;
  /** Calls `fn` for each delivery that got no answer or was refused (platform/metrics.ts counts them). */
  onFailure(fn: (reason: 'error' | 'refused') => void): void;
};

export function createPushSender(
  db: Db,
  keys: VapidKeys,
  subject: string,
  log: Logger,
  network: PushNetwork = {},
): PushSender {
  const transport = createPushTransport(network, PUSH_CONCURRENCY);
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const failureListeners: ((reason: 'error' | 'refused') => void)[] = [];
  const failed = (reason: 'error' | 'refused') => {
    for (const fn of failureListeners) fn(reason);
  };

  async function deliver(row: PushRow): Promise<void> {
    const payload: PushPayload = {
      title: row.title,
      type: row.type,
      objectId: row.objectId,
      url: pushUrl(row),
    };
    let status: number;
    try {
      // web-push encrypts (aes128gcm) and signs (VAPID); the request goes through the guarded transport
      // (push-network.ts): https only, public addresses only as the socket connects, no redirects.
      const req = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_S, contentEncoding: 'aes128gcm' },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
      ({ status } = await transport.post(req.endpoint, headers, req.body, PUSH_TIMEOUT_MS));
    } catch (err) {
      log.warn({ err, endpoint: row.endpoint }, 'web push failed');
      failed('error');
      return;
    }
    if (status === 404 || status === 410) {
      await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.id, row.subscriptionId), eq(pushSubscriptions.endpoint, row.endpoint)),
        )
        .catch((err) => log.warn({ err }, 'web push: could not delete a gone subscription'));
    } else if (status < 200 || status >= 300) {
      // A 3xx too: redirects are not followed (they could point anywhere).
      log.warn({ status, endpoint: row.endpoint }, 'web push refused');
      failed('refused');
    }
  }

  return {
    publicKey: keys.publicKey,
    onFailure: (fn) => void failureListeners.push(fn),
    async sendForEvents(eventIds) {
      if (eventIds.length === 0) return;
      // A failure to read the rows throws: the push job is retried. Each delivery's failure is only logged
      // (product.md section 4), so a retry never re-sends to the subscriptions that took it.
      const rows = await pushRows(db, eventIds);
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          const row = rows[next++];
          if (row) await deliver(row);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, rows.length) }, lane));
    },
  };
}

type PushRow = Awaited<ReturnType<typeof pushRows>>[number];

/** Each notification of these events times each subscription of its recipient. */
function pushRows(db: Db, eventIds: number[]) {
  return db
    .select({
      type: notifications.type,
      objectId: notifications.objectId,
      title: notifications.title,
      eventType: notificationEvents.type,
      postKind: feedPosts.kind,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(notifications)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.eventId))
    .leftJoin(
      feedPosts,
      and(eq(notificationEvents.type, 'COMMENT'), eq(feedPosts.id, notifications.objectId)),
    )
    .where(inArray(notifications.eventId, eventIds));
}
