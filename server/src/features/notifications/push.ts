// Web push delivery (ADR 012): after a fan-out batch has committed, its notification goes to every push
// subscription of the batch's recipients whose push channel for the type is on (the fan-out chose them:
// fanout.ts), encrypted (aes128gcm) and signed with the VAPID keys. Quiet hours (ADR 033, quiet-hours.ts):
// a recipient inside theirs gets no push, except a must-read reminder, which waits in a job until they end.
// Off the fan-out transaction, at most PUSH_CONCURRENCY requests at a time; a failure is only logged, except
// 404/410 (the browser dropped the subscription), which deletes that subscription. Never throws. Requests
// go only to https endpoints on public addresses, without following redirects (push-network.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  feedPosts,
  notificationEvents,
  notificationSettings,
  notifications,
  pushSubscriptions,
} from '../../db/schema';
import { EVENTS_ON_ANY_POST, notificationType, pathOf } from './presenter';
import { createPushTransport, type PushNetwork } from './push-network';
import { quietClock, quietUntil } from './quiet-hours';

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

/** The page a push opens: the bell's rule, from the row the sender reads. */
export function pushUrl(n: {
  type: string;
  objectId: number;
  eventType: string;
  postKind: number | null;
}): string {
  return pathOf(n);
}

/**
 * A push job: one event's notification to these recipients (a fan-out batch's, or those whose quiet hours
 * delayed a reminder). `eventIds` is the shape queued before preferences existed (every notification row of
 * those events), still read so jobs queued by an older instance during an upgrade go out.
 */
export type PushJob = { eventId: number; userIds: number[] } | { eventIds: number[] };

/** Quiet-hours deferral: queue the event's push to these users at `at` (idempotent per event, users, time). */
export type DeferPush = (eventId: number, userIds: number[], at: Date) => Promise<void>;

type Logger = { warn(obj: object, msg: string): void };

export type PushSender = {
  publicKey: string;
  /** Sends a push job's notification to its recipients' subscriptions, quiet hours considered. */
  send(job: PushJob): Promise<void>;
  /** Calls `fn` for each delivery that got no answer or was refused (platform/metrics.ts counts them). */
  onFailure(fn: (reason: 'error' | 'refused') => void): void;
};

export function createPushSender(
  db: Db,
  keys: VapidKeys,
  subject: string,
  log: Logger,
  network: PushNetwork = {},
  defer: DeferPush = async () => {},
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
    async send(job) {
      // A failure to read the rows throws: the push job is retried. Each delivery's failure is only logged
      // (product.md section 4), so a retry never re-sends to the subscriptions that took it.
      const rows: PushRow[] = [];
      if ('eventIds' in job) {
        for (const eventId of job.eventIds)
          rows.push(...(await pushRows(db, eventId, await notifiedBy(db, eventId))));
      } else rows.push(...(await pushRows(db, job.eventId, job.userIds)));
      const now = quietClock.now();
      const waiting = new Map<number, { at: Date; eventId: number; userIds: Set<number> }>();
      const due = rows.filter((row) => {
        const until =
          row.quietStart !== null && row.quietEnd !== null
            ? quietUntil({ start: row.quietStart, end: row.quietEnd, timeZone: row.timeZone ?? 'UTC' }, now)
            : null;
        if (!until) return true;
        // A must-read reminder waits for the end of the quiet hours; any other push is dropped (the bell keeps it).
        if (row.eventType === 'ACK_REMINDER') {
          const group = waiting.get(until.getTime()) ?? {
            at: until,
            eventId: row.eventId,
            userIds: new Set(),
          };
          group.userIds.add(row.userId);
          waiting.set(until.getTime(), group);
        }
        return false;
      });
      for (const w of waiting.values())
        await defer(
          w.eventId,
          [...w.userIds].sort((a, b) => a - b),
          w.at,
        );
      let next = 0;
      const lane = async () => {
        while (next < due.length) {
          const row = due[next++];
          if (row) await deliver(row);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, due.length) }, lane));
    },
  };
}

type PushRow = Awaited<ReturnType<typeof pushRows>>[number];

/** Who has a notification of the event (the recipients of a job of the older shape). */
async function notifiedBy(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.eventId, eventId));
  return rows.map((r) => r.userId);
}

/** The event's notification times each push subscription of these users, with their quiet hours. */
function pushRows(db: Db, eventId: number, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      eventId: notificationEvents.id,
      eventType: notificationEvents.type,
      objectId: notificationEvents.objectId,
      title: notificationEvents.title,
      postKind: feedPosts.kind,
      userId: pushSubscriptions.userId,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      quietStart: notificationSettings.quietStart,
      quietEnd: notificationSettings.quietEnd,
      timeZone: notificationSettings.timeZone,
    })
    .from(notificationEvents)
    .innerJoin(pushSubscriptions, inArray(pushSubscriptions.userId, userIds))
    .leftJoin(
      feedPosts,
      and(
        inArray(notificationEvents.type, [...EVENTS_ON_ANY_POST]),
        eq(feedPosts.id, notificationEvents.objectId),
      ),
    )
    .leftJoin(notificationSettings, eq(notificationSettings.userId, pushSubscriptions.userId))
    .where(eq(notificationEvents.id, eventId))
    .then((rows) => rows.map((r) => ({ ...r, type: notificationType(r.eventType) })));
}
