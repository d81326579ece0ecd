// Test helpers of the notification centre: notifications written directly (an event already processed, so
// the worker leaves it alone, and its notification row), at a chosen moment.
import type { Db } from '../../db/client';
import { notificationEvents, notifications } from '../../db/schema';

export type NotifyOptions = {
  /** The event's type when it differs from the notification's (DISCUSSION for a COMMENT). */
  eventType?: string;
  sentAt?: Date;
  viewed?: boolean;
};

/** One notification of `type` for `userId`; answers its id. */
export async function notifyDirectly(
  db: Db,
  userId: number,
  type: string,
  objectId: number,
  title: string,
  o: NotifyOptions = {},
): Promise<number> {
  const [event] = await db
    .insert(notificationEvents)
    .values({ type: o.eventType ?? type, objectId, title, actorId: null, processedAt: new Date() })
    .returning({ id: notificationEvents.id });
  if (!event) throw new Error('no event');
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type,
      objectId,
      title,
      eventId: event.id,
      sentAt: o.sentAt ?? new Date(),
      viewedAt: o.viewed ? new Date() : null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('no notification');
  return row.id;
}
