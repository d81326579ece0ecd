// In-app notifications with their outbox of events, web push subscriptions and the live stream's tickets.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, ts } from './columns';
import { users } from './users';

/**
 * In-app notifications (product.md section 3). One row per recipient; `viewed_at` null means unviewed. For a
 * COMMENT the object is the comment's post (`object_id`), so opening it lands on that post.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    /** SURVEY, FEED_POST, COMMENT or COMMUNITY_POST. */
    type: text('type').notNull(),
    objectId: integer('object_id').notNull(),
    title: text('title').notNull(),
    /** The event that made it (one notification per user and event). */
    eventId: ref('event_id', () => notificationEvents.id, 'cascade'),
    sentAt: ts('sent_at').notNull().defaultNow(),
    viewedAt: ts('viewed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.sentAt, t.id),
    index('notifications_unviewed_idx').on(t.userId).where(sql`${t.viewedAt} is null`),
    uniqueIndex('notifications_event_user_idx').on(t.eventId, t.userId),
  ],
);

/**
 * The outbox of notifying events: written in the same transaction as the event (a post published, a
 * survey published, a comment with mentions), fanned out to its audience by a background worker, so a
 * request never waits for thousands of inserts and no event is lost when the server stops (ADR 012).
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    objectId: integer('object_id').notNull(),
    title: text('title').notNull(),
    /** Who caused it: never notified of their own event. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** For COMMENT: the mentioned users; other types derive their audience from the object. */
    userIds: integer('user_ids').array(),
    createdAt: createdAt(),
    /**
     * How far the fan-out got: the highest user id of the last committed batch. A big audience is notified
     * batch by batch in user id order, so a restart resumes here instead of starting over (fanout.ts).
     */
    fannedOutTo: integer('fanned_out_to'),
    processedAt: ts('processed_at'),
  },
  (t) => [index('notification_events_pending_idx').on(t.id).where(sql`${t.processedAt} is null`)],
);

/**
 * Web push subscriptions (product.md section 3: endPoint, mkey, authSecret); one row per browser endpoint.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Single-use tickets (30 s) that open the live notification stream: EventSource cannot send headers, and a
 * bearer token must never stand in a URL. Only hashes are stored; `sessionId` is the refresh family the
 * ticket was taken in, so ending that session closes the stream.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    sessionId: text('session_id'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
