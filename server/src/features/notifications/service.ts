// Reading and marking a user's own notifications, and storing web push subscriptions.
import type { Notification, NotificationList } from '@hearth/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedPosts, notificationEvents, notifications, pushSubscriptions } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';

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
  const rows = await db
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
    // A COMMENT's post (not a DISCUSSION's community): is it a community post?
    .leftJoin(
      feedPosts,
      and(eq(notificationEvents.type, 'COMMENT'), eq(feedPosts.id, notifications.objectId)),
    )
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(LIST_LIMIT);
  const list: Notification[] = rows.map((r) => ({
    id: r.id,
    type: r.type as Notification['type'],
    objectId: r.objectId,
    isCommunityPost: r.type === 'COMMUNITY_POST' || r.postKind === 2,
    ...(r.eventType === 'DISCUSSION' ? { communityId: r.objectId } : {}),
    title: r.title,
    sentAt: r.sentAt.toISOString(),
    viewed: r.viewedAt !== null,
  }));
  return { notifications: list, unviewed: await unviewedCount(db, userId) };
}

/** Marks one of the user's notifications viewed: 404 when it does not exist, 403 when it is someone else's. */
export async function viewNotification(db: Db, userId: number, notificationId: number): Promise<void> {
  const [row] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, notificationId));
  if (!row) throw notFound();
  if (row.userId !== userId) throw forbidden();
  await db
    .update(notifications)
    .set({ viewedAt: sql`now()` })
    .where(and(eq(notifications.id, notificationId), isNull(notifications.viewedAt)));
}

export async function viewAll(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ viewedAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)));
}

/** One row per browser endpoint: registering it again (another user on that browser) moves it to the caller. */
export async function registerSubscription(
  db: Db,
  userId: number,
  s: { endPoint: string; mkey: string; authSecret: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: s.endPoint, p256dh: s.mkey, auth: s.authSecret })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: s.mkey, auth: s.authSecret },
    });
}

/** Removes the caller's subscription of that endpoint (someone else's is left alone). */
export async function unregisterSubscription(db: Db, userId: number, endPoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endPoint)));
}
