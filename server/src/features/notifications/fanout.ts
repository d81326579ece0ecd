// The notification fan-out (ADR 012, ADR 030): turns recorded events (events.ts) into one notification per
// recipient, off the request. An event is fanned out in batches of recipients in user id order, each batch
// its own short transaction that locks the event row (`FOR UPDATE SKIP LOCKED`: several instances never work
// on the same event at once) and moves its cursor (`fanned_out_to`). So a huge audience never holds one long
// lock, what is committed stays committed, and after a crash the next run resumes where the last batch
// ended. `ON CONFLICT DO NOTHING` on (event, user) makes a repeated batch harmless, and processed_at is set
// in the transaction of the last batch. Each batch honours its recipients' channels (preferences.ts): the
// bell only for in-app on, and it queues the batch's push and e-mail jobs in its own transaction. The scheduler part notifies posts whose start time arrived, with a
// conditional UPDATE (notified_at IS NULL) so each post is recorded once.
import { GROUP_TYPE, POST_KIND, STATE } from '@hearth/contract';
import { asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { U_COLLEAGUE } from '../../access/recipients';
import { type Db, queryRows } from '../../db/client';
import { intArrayText, literal } from '../../db/params';
import { feedPosts, notificationEvents } from '../../db/schema';
import { groupOf } from '../../db/user-groups';
import { type EventBus, publishUsers } from '../../platform/events';
import type { Audiences } from './audiences';
import { recordEvent } from './events';
import { defaultChannel } from './preferences';
import { notificationType } from './presenter';

type EventRow = typeof notificationEvents.$inferSelect;

/**
 * Recipients per transaction: 5,000 inserts take about a tenth of a second on PostgreSQL, so a lock is
 * never held for long, and a 50,000-person audience takes ten short transactions.
 */
export const RECIPIENTS_PER_BATCH = 5000;

/** The recipients of an event as `select u.id ...` (audiences.ts): colleagues (access/people.ts), never the actor. */
function audienceOf(audiences: Audiences, e: EventRow): SQL | undefined {
  const notActor = sql`${U_COLLEAGUE} and u.id is distinct from ${e.actorId}::int`;
  return audiences[e.type as keyof Audiences]?.(e, notActor);
}

/** Event types whose audience is the announced post's: each batch adds its size to `targeted_count`. */
const ANNOUNCEMENTS = new Set(['FEED_POST', 'COMMUNITY_POST']);

/**
 * Adds a batch of an announced post's audience to its targeted people per location and per department
 * (post_targeted_groups; group 0 for those in none), the groups as reach counts its readers' (groupOf).
 */
async function countTargetedGroups(tx: Db, postId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const batch = sql`unnest(${intArrayText(ids)}::int[]) b(id)`;
  const perType = (type: number) =>
    sql`select ${literal(type)} as type, coalesce(${groupOf(sql`b.id`, type)}, 0) as group_id from ${batch}`;
  await tx.execute(sql`insert into post_targeted_groups (post_id, group_type_id, group_id, people)
    select ${postId}::int, type, group_id, count(*)::int
    from (${perType(GROUP_TYPE.LOCATION)} union all ${perType(GROUP_TYPE.DEPARTMENT)}) placed
    group by type, group_id
    on conflict (post_id, group_type_id, group_id)
      do update set people = post_targeted_groups.people + excluded.people`);
}

/** What a committed batch asks to be delivered beyond the bell: push and e-mail, per recipient. */
export type BatchDelivery = {
  eventId: number;
  /** Recipients with push on for the type and at least one push subscription. */
  pushTo: number[];
  /** Recipients with e-mail on for the type. */
  mailTo: number[];
};

/**
 * Inserts the notifications of the next batch of the event's audience, after its cursor: only for those
 * whose in-app channel for the type is on (their preference row, else the default; preferences.ts). Answers
 * the last user id of the batch (null when the audience is exhausted), its size before the preferences, who
 * got a notification now, and whom to push to and mail.
 */
async function fanOutBatch(
  tx: Db,
  audiences: Audiences,
  e: EventRow,
  size: number,
): Promise<{ last: number | null; n: number; notified: number[]; pushTo: number[]; mailTo: number[] }> {
  const audience = audienceOf(audiences, e);
  if (!audience) return { last: null, n: 0, notified: [], pushTo: [], mailTo: [] };
  const type = notificationType(e.type);
  const announcement = ANNOUNCEMENTS.has(e.type);
  const on = (channel: 'inApp' | 'push' | 'email') => literal(defaultChannel(type, channel) ? 1 : 0);
  const [row] = await queryRows<{
    last: number | null;
    n: number;
    notified: number[] | null;
    push_to: number[] | null;
    mail_to: number[] | null;
    batch_ids: number[] | null;
  }>(
    tx,
    sql`
    with batch as (
      select a.id from (${audience}) a
      where a.id > ${e.fannedOutTo ?? 0}::int
      order by a.id limit ${literal(size)}
    ), chosen as (
      select b.id, coalesce(p.in_app, ${on('inApp')}) = 1 as in_app, coalesce(p.push, ${on('push')}) = 1 as push,
        coalesce(p.email, ${on('email')}) = 1 as email
      from batch b left join notification_preferences p on p.user_id = b.id and p.type = ${type}
    ), inserted as (
      insert into notifications (user_id, type, object_id, title, event_id)
      select id, ${type}, ${e.objectId}, ${e.title}, ${e.id} from chosen where in_app
      on conflict (event_id, user_id) do nothing
      returning user_id
    )
    select (select max(id) from batch) as last, (select count(*)::int from batch) as n,
      (select array_agg(user_id) from inserted) as notified,
      (select array_agg(c.id order by c.id) from chosen c
        where c.push and exists (select 1 from push_subscriptions s where s.user_id = c.id)) as push_to,
      (select array_agg(c.id order by c.id) from chosen c where c.email) as mail_to,
      ${announcement ? sql`(select array_agg(id) from batch)` : sql`null::int[]`} as batch_ids`,
  );
  const n = row?.n ?? 0;
  // Reach's "targeted" (ADR 033): the audience as announced, in all and per group, counted in the batch's
  // own transaction, so it is exact after a crash and resumes with the cursor.
  if (n > 0 && announcement) {
    await tx
      .update(feedPosts)
      .set({ targetedCount: sql`coalesce(${feedPosts.targetedCount}, 0) + ${n}::int` })
      .where(eq(feedPosts.id, e.objectId));
    await countTargetedGroups(tx, e.objectId, row?.batch_ids ?? []);
  }
  return {
    last: row?.last ?? null,
    n,
    notified: row?.notified ?? [],
    pushTo: row?.push_to ?? [],
    mailTo: row?.mail_to ?? [],
  };
}

/**
 * Fans out every pending event, batch by batch, and publishes on the bus who got a notification after each
 * batch commits. `deliver` gets each batch's transaction and whom it asks to push to and mail: the worker
 * queues those jobs there (worker.ts), so they commit exactly when the batch does and a batch repeated
 * after a crash queues nothing twice. Answers the number of batches committed; `size` is for tests.
 */
export async function processPendingEvents(
  db: Db,
  bus: EventBus,
  audiences: Audiences,
  deliver?: (tx: Db, batch: BatchDelivery) => Promise<void>,
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
      const { last, n, notified, pushTo, mailTo } = await fanOutBatch(tx, audiences, e, size);
      if (n >= size) {
        await tx.update(notificationEvents).set({ fannedOutTo: last }).where(eq(notificationEvents.id, e.id));
      } else {
        await tx
          .update(notificationEvents)
          .set({ processedAt: sql`now()`, fannedOutTo: last ?? e.fannedOutTo })
          .where(eq(notificationEvents.id, e.id));
      }
      if (deliver && (pushTo.length || mailTo.length)) await deliver(tx, { eventId: e.id, pushTo, mailTo });
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

/**
 * Surveys that opened and were not announced yet (published with their start ahead): marks them announced
 * and records their SURVEY events, exactly once across instances, as notifyScheduledPosts does for posts;
 * one whose start passed more than STALE_AFTER ago is only marked. The surveys table is small (hundreds of
 * rows), so its claim reads it without an index of its own.
 */
export async function notifyScheduledSurveys(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{
      id: number;
      title: string;
      created_by_id: number | null;
      fresh: boolean;
    }>(
      tx,
      sql`update surveys set is_notified = true
        where id in (
          select id from surveys
          where not is_notified and state_id = ${literal(STATE.PUBLISHED)} and is_active
            and start_at <= now() and end_at > now()
          order by id limit 500
          for update skip locked)
          and not is_notified
        returning id, title, created_by_id, start_at > now() - ${STALE_AFTER}::interval as fresh`,
    );
    const fresh = claimed.filter((s) => s.fresh);
    for (const s of fresh)
      await recordEvent(tx, { type: 'SURVEY', objectId: s.id, title: s.title, actorId: s.created_by_id });
    return fresh.length;
  });
}
