// The notification fan-out (ADR 012): turns recorded events (events.ts) into one notification per recipient,
// off the request, with one INSERT ... SELECT per event. Exactly once: the events are claimed with
// `FOR UPDATE SKIP LOCKED` (several instances on PostgreSQL never take the same one; PGlite has a single
// connection, where the same query simply locks), `ON CONFLICT DO NOTHING` on (event, user) makes a re-run
// harmless, and processed_at is set in the same transaction. The scheduler part notifies posts whose start
// time arrived, with a conditional UPDATE (notified_at IS NULL) so each post is recorded once.
import { POST_KIND, STATE } from '@hearth/contract';
import { asc, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { literal } from '../../db/params';
import { notificationEvents } from '../../db/schema';
import { type EventBus, publishUsers } from '../../platform/events';
import type { Audiences } from './audiences';
import { recordEvent } from './events';

type EventRow = typeof notificationEvents.$inferSelect;

/** Events claimed per transaction. */
const BATCH = 20;

/** The recipients of an event as `select u.id ...` (audiences.ts): active users, never the actor. */
function audienceOf(audiences: Audiences, e: EventRow): SQL | undefined {
  const notActor = sql`u.is_active and u.id is distinct from ${e.actorId}::int`;
  return audiences[e.type as keyof Audiences]?.(e, notActor);
}

const notificationType = (eventType: string) => (eventType === 'DISCUSSION' ? 'COMMENT' : eventType);

/** Inserts the event's notifications; answers who got one now (none when re-run). */
async function fanOut(tx: Db, audiences: Audiences, e: EventRow): Promise<number[]> {
  const audience = audienceOf(audiences, e);
  if (!audience) return [];
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`
    insert into notifications (user_id, type, object_id, title, event_id)
    select a.id, ${notificationType(e.type)}, ${e.objectId}, ${e.title}, ${e.id} from (${audience}) a
    on conflict (event_id, user_id) do nothing
    returning user_id`,
  );
  return rows.map((r) => r.user_id);
}

/**
 * Fans out every pending event, batch by batch, and publishes on the bus who got a notification. `inBatch`
 * gets each batch's transaction and the ids of its events that notified someone: the worker queues their
 * web push there (worker.ts), so the push job commits exactly when the notifications do.
 */
export async function processPendingEvents(
  db: Db,
  bus: EventBus,
  audiences: Audiences,
  inBatch?: (tx: Db, eventIds: number[]) => Promise<void>,
): Promise<number> {
  let done = 0;
  for (;;) {
    const notified = new Set<number>();
    const eventIds: number[] = [];
    const claimed = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(notificationEvents)
        .where(isNull(notificationEvents.processedAt))
        .orderBy(asc(notificationEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const e of events) {
        const got = await fanOut(tx, audiences, e);
        for (const id of got) notified.add(id);
        if (got.length) eventIds.push(e.id);
      }
      if (inBatch && eventIds.length) await inBatch(tx, eventIds);
      if (events.length)
        await tx
          .update(notificationEvents)
          .set({ processedAt: sql`now()` })
          .where(
            inArray(
              notificationEvents.id,
              events.map((e) => e.id),
            ),
          );
      return events.length;
    });
    done += claimed;
    if (notified.size) await publishUsers(bus, [...notified]);
    if (claimed < BATCH) return done;
  }
}

/**
 * Posts (feed and community) that are published, started and not yet notified: marks them notified and
 * records their events in one transaction, each exactly once however many instances run this. A post whose
 * start passed more than STALE_AFTER ago (imported in bulk, or due while every instance was down) is only
 * marked: old news is not announced to everyone at once.
 */
export async function notifyScheduledPosts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{
      id: number;
      kind: number;
      title: string;
      user_id: number;
      fresh: boolean;
    }>(tx, claimStartedPosts());
    const fresh = claimed.filter((p) => p.fresh);
    for (const p of fresh)
      await recordEvent(tx, {
        type: p.kind === POST_KIND.FEED ? 'FEED_POST' : 'COMMUNITY_POST',
        objectId: p.id,
        title: p.title,
        actorId: p.user_id,
      });
    return fresh.length;
  });
}

/** How late a scheduled post may still be announced. */
export const STALE_AFTER = '1 day';

/**
 * Marks up to 500 published, started, unannounced posts as announced and answers them, each with whether it
 * is still fresh enough to announce. Exported for the EXPLAIN test: it runs after every write request, so it
 * must read `feed_posts_unannounced_idx`, not the table.
 */
export function claimStartedPosts(): SQL {
  return sql`
      update feed_posts set notified_at = now()
      where id in (
        select id from feed_posts
        where state_id = ${literal(STATE.PUBLISHED)} and start_at <= now() and notified_at is null
          and (end_at is null or end_at > now())
          and (kind = ${literal(POST_KIND.FEED)} or community_id is not null)
        order by id limit 500
        for update skip locked)
        and notified_at is null
      returning id, kind, title, user_id, start_at > now() - ${STALE_AFTER}::interval as fresh`;
}
