// The notification fan-out (ADR 012, ADR 030): turns recorded events (events.ts) into one notification per
// recipient, off the request. An event is fanned out in batches of recipients in user id order, each batch
// its own short transaction that locks the event row (`FOR UPDATE SKIP LOCKED`: several instances never work
// on the same event at once) and moves its cursor (`fanned_out_to`). So a huge audience never holds one long
// lock, what is committed stays committed, and after a crash the next run resumes where the last batch
// ended. `ON CONFLICT DO NOTHING` on (event, user) makes a repeated batch harmless, and processed_at is set
// in the transaction of the last batch. The scheduler part notifies posts whose start time arrived, with a
// conditional UPDATE (notified_at IS NULL) so each post is recorded once.
import { POST_KIND, STATE } from '@hearth/contract';
import { asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { literal } from '../../db/params';
import { notificationEvents } from '../../db/schema';
import { type EventBus, publishUsers } from '../../platform/events';
import type { Audiences } from './audiences';
import { recordEvent } from './events';

type EventRow = typeof notificationEvents.$inferSelect;

/**
 * Recipients per transaction: 5,000 inserts take about a tenth of a second on PostgreSQL, so a lock is
 * never held for long, and a 50,000-person audience takes ten short transactions.
 */
export const RECIPIENTS_PER_BATCH = 5000;

/** The recipients of an event as `select u.id ...` (audiences.ts): active users, never the actor. */
function audienceOf(audiences: Audiences, e: EventRow): SQL | undefined {
  const notActor = sql`u.is_active and u.id is distinct from ${e.actorId}::int`;
  return audiences[e.type as keyof Audiences]?.(e, notActor);
}

const notificationType = (eventType: string) => (eventType === 'DISCUSSION' ? 'COMMENT' : eventType);

/**
 * Inserts the notifications of the next batch of the event's audience, after its cursor. Answers the last
 * user id of the batch (null when the audience is exhausted) and who got a notification now.
 */
async function fanOutBatch(
  tx: Db,
  audiences: Audiences,
  e: EventRow,
  size: number,
): Promise<{ last: number | null; full: boolean; notified: number[] }> {
  const audience = audienceOf(audiences, e);
  if (!audience) return { last: null, full: false, notified: [] };
  const [row] = await queryRows<{ last: number | null; n: number; notified: number[] | null }>(
    tx,
    sql`
    with batch as (
      select a.id from (${audience}) a
      where a.id > ${e.fannedOutTo ?? 0}::int
      order by a.id limit ${literal(size)}
    ), inserted as (
      insert into notifications (user_id, type, object_id, title, event_id)
      select id, ${notificationType(e.type)}, ${e.objectId}, ${e.title}, ${e.id} from batch
      on conflict (event_id, user_id) do nothing
      returning user_id
    )
    select (select max(id) from batch) as last, (select count(*)::int from batch) as n,
      (select array_agg(user_id) from inserted) as notified`,
  );
  return { last: row?.last ?? null, full: (row?.n ?? 0) >= size, notified: row?.notified ?? [] };
}

/**
 * Fans out every pending event, batch by batch, and publishes on the bus who got a notification after each
 * batch commits. `onDone` gets the transaction that finishes an event: the worker queues the event's web
 * push there (worker.ts), so the push job commits exactly when the last notifications do. Answers the
 * number of batches committed; `size` is for tests.
 */
export async function processPendingEvents(
  db: Db,
  bus: EventBus,
  audiences: Audiences,
  onDone?: (tx: Db, eventId: number) => Promise<void>,
  size = RECIPIENTS_PER_BATCH,
): Promise<number> {
  let batches = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [e] = await tx
        .select()
        .from(notificationEvents)
        .where(isNull(notificationEvents.processedAt))
        .orderBy(asc(notificationEvents.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!e) return null;
      const { last, full, notified } = await fanOutBatch(tx, audiences, e, size);
      if (full) {
        await tx.update(notificationEvents).set({ fannedOutTo: last }).where(eq(notificationEvents.id, e.id));
      } else {
        await tx
          .update(notificationEvents)
          .set({ processedAt: sql`now()`, fannedOutTo: last ?? e.fannedOutTo })
          .where(eq(notificationEvents.id, e.id));
        // Push only for an event that notified someone, now or in an earlier batch.
        if (onDone && (notified.length || e.fannedOutTo !== null)) await onDone(tx, e.id);
      }
      return notified;
    });
    if (step === null) return batches;
    batches++;
    if (step.length) await publishUsers(bus, step);
  }
}

/** Whether an event waits that this run could not take (another instance holds it, or held it and died). */
export async function eventsWaiting(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: notificationEvents.id })
    .from(notificationEvents)
    .where(isNull(notificationEvents.processedAt))
    .limit(1);
  return row !== undefined;
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
