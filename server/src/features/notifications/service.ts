// Reading and marking a user's own notifications, and storing web push subscriptions (checked: keys,
// endpoint address, at most 10 per user, an endpoint stays with its owner).
import { createPublicKey } from 'node:crypto';
import { MSG, type NotificationList } from '@hearth/contract';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, can } from '../../access/policy';
import type { Db } from '../../db/client';
import { feedPosts, notificationEvents, notifications, pushSubscriptions, users } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../platform/errors';
import { EVENTS_ON_ANY_POST, presentNotification } from './presenter';
import { assertPushEndpoint, type PushNetwork, pushNetworkOf } from './push-network';

/** How many notifications the bell lists. */
export const LIST_LIMIT = 50;

export async function unviewedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)));
  return row?.n ?? 0;
}

/** The newest LIST_LIMIT notifications of the user and their unviewed count. */
export async function listNotifications(db: Db, userId: number): Promise<NotificationList> {
  const rows = await notificationRows(db, eq(notifications.userId, userId), LIST_LIMIT);
  return { notifications: rows.map(presentNotification), unviewed: await unviewedCount(db, userId) };
}

/**
 * The user's notifications matching `where`, newest first, with what the presenter needs to say where each
 * leads (the bell's list and the notification centre share it). The post of an event about a post of
 * either kind (a mention on a comment, a must-read reminder) tells whether it is a community post.
 */
export function notificationRows(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      objectId: notifications.objectId,
      title: notifications.title,
      sentAt: notifications.sentAt,
      viewedAt: notifications.viewedAt,
      eventType: notificationEvents.type,
      postKind: feedPosts.kind,
    })
    .from(notifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.eventId))
    .leftJoin(
      feedPosts,
      and(
        inArray(notificationEvents.type, [...EVENTS_ON_ANY_POST]),
        eq(feedPosts.id, notifications.objectId),
      ),
    )
    .where(where)
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(limit);
}

/**
 * 404 when the notification does not exist or is someone else's: a 403 would tell the caller that this id
 * is a notification of someone (issue 30), so both answer the same.
 */
async function assertOwnNotification(db: Db, caller: Actor, notificationId: number): Promise<void> {
  const [row] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!row || !can(caller, 'notification.open', { userId: row.userId })) throw notFound();
}

/** Marks one of the user's notifications viewed: 404 when it does not exist or is someone else's. */
export async function viewNotification(db: Db, caller: Actor, notificationId: number): Promise<void> {
  await assertOwnNotification(db, caller, notificationId);
  await db
    .update(notifications)
    .set({ viewedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.viewedAt)));
}

/** Marks one of the user's notifications unread again (the notification centre); 404 as above. */
export async function unviewNotification(db: Db, caller: Actor, notificationId: number): Promise<void> {
  await assertOwnNotification(db, caller, notificationId);
  await db
    .update(notifications)
    .set({ viewedAt: null })
    .where(and(eq(notifications.id, notificationId), isNotNull(notifications.viewedAt)));
}

export async function viewAll(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ viewedAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)));
}

/** At most this many push subscriptions (browsers) per user (issue 13, finding 10). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or undefined when it is not base64url. */
const base64urlBytes = (text: string) => (BASE64URL.test(text) ? Buffer.from(text, 'base64url') : undefined);

/** Whether these 65 bytes are an uncompressed point (0x04, x, y) on the P-256 curve. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: bytes.subarray(1, 33).toString('base64url'),
      y: bytes.subarray(33).toString('base64url'),
    };
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false; // not on the curve
  }
}

/**
 * 400 on the field unless `mkey` is the browser's P-256 public key (65 bytes, uncompressed) and
 * `authSecret` its 16-byte auth secret, both base64url (what PushSubscription.toJSON() gives).
 */
function assertPushKeys(s: { mkey: string; authSecret: string }): void {
  const p256dh = base64urlBytes(s.mkey);
  if (!p256dh || !isP256Point(p256dh)) throw fieldError('mkey', MSG.invalidInput);
  if (base64urlBytes(s.authSecret)?.length !== 16) throw fieldError('authSecret', MSG.invalidInput);
}

/**
 * Stores the caller's subscription of a browser endpoint, or refreshes its keys when the caller has it
 * already. Refused: malformed keys (400), an endpoint that is not https on public addresses (400), an 11th
 * subscription (409 pushTooMany), and an endpoint another user has (409): it stays theirs. Taking it over
 * would let anyone who learnt an endpoint silence its owner's pushes (their browser cannot decrypt what is
 * encrypted to the new keys); a browser shared by two people gets a new endpoint when the first logs out
 * (the web unsubscribes then), and a 409 says plainly that this one was not registered.
 */
export async function registerSubscription(
  db: Db,
  caller: Actor,
  s: { endPoint: string; mkey: string; authSecret: string },
  network: PushNetwork = pushNetworkOf(db),
): Promise<void> {
  const userId = caller.id;
  assertPushKeys(s);
  await assertPushEndpoint(s.endPoint, network);
  const taken = () => conflict(MSG.pushEndpointRefused, { endPoint: MSG.pushEndpointRefused });
  await db.transaction(async (tx) => {
    // The user's row is locked so that concurrent registrations count one after another: none can see 9
    // while another adds the 10th.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, s.endPoint));
    if (existing && !can(caller, 'push.reuseEndpoint', existing)) throw taken();
    if (!existing) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if ((row?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS) throw conflict(MSG.pushTooMany);
    }
    // Another user may insert the same endpoint between the read and this write (their lock is on their
    // own row): the update applies only to the caller's own row, so nothing returned means it is theirs.
    const saved = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: s.endPoint, p256dh: s.mkey, auth: s.authSecret })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: s.mkey, auth: s.authSecret },
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) throw taken();
  });
}

/** Removes the caller's subscription of that endpoint (someone else's is left alone). */
export async function unregisterSubscription(db: Db, userId: number, endPoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endPoint)));
}
