// Who an event notifies is the business of the feature that records it: feed, communities and surveys each
// give the fan-out (fanout.ts) an `Audience` per event type they record, and app.ts hands them all to the
// notification worker. Notifications so know no feature, and a new kind of event needs no change here.
import { type SQL, sql } from 'drizzle-orm';
import type { EventType } from './events';

/** The event as its audience sees it: its row id and the id of its object (a post, a survey, ...). */
export type AudienceEvent = { id: number; objectId: number };

/**
 * SQL `select u.id from ... where ...` of the users the event notifies, where `u` is the users row. It must
 * include `notActor` in its condition (active users, never the one who caused the event).
 */
export type Audience = (e: AudienceEvent, notActor: SQL) => SQL;

export type Audiences = Partial<Record<EventType, Audience>>;

/**
 * Mentions: the users the event names (notification_events.user_ids) for whom `reads` holds, i.e. who can
 * open what the notification's title shows (issue 13, finding 11).
 */
export const mentioned =
  (reads: (objectId: number) => SQL): Audience =>
  (e, notActor) =>
    sql`select u.id from notification_events ev join users u on u.id = any(ev.user_ids)
      where ev.id = ${e.id} and ${notActor} and ${reads(e.objectId)}`;
