// A post's reach (issue 18, ADR 033): targeted, seen, opened, liked, commented and acknowledged, in all,
// by location, by department and per day since the post's start. Administrators and the post's author.
// One statement after the post's row: its reads by the primary key's prefix (post_id), its likes by
// feed_post_actions' primary key, its commenters by feed_comments_post_idx, and the live audience (a pass
// over the active users, each judged by `addressedTo`). No counters to keep in step.
// Targeted is the audience counted when the post was announced (feed_posts.targeted_count, set by the
// fan-out), or, for a post never announced, the audience as it is now. Per group it is always the live
// audience (the announcement counted no groups).
import { ACTION_TYPE, GROUP_TYPE, type PostReach, type ReachCounts } from '@hearth/contract';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { literal } from '../../db/params';
import { feedPosts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import { audienceOf } from './access';

/** The name of the split of people in no location (or no department). */
export const NO_GROUP = 'None';

type CountsRow = {
  targeted: number;
  seen: number;
  opened: number;
  acknowledged: number;
  liked: number;
  commented: number;
};
type ReachRow = CountsRow & {
  part: 'total' | 'split' | 'day';
  type: number | null;
  group_id: number | null;
  name: string | null;
};

/** The post as reach needs it, after the policy's `post.seeReach` (404 when there is no such post). */
export async function reachablePost(db: Db, actor: Actor, postId: number) {
  const [post] = await db
    .select({
      id: feedPosts.id,
      title: feedPosts.title,
      startAt: feedPosts.startAt,
      requiresAck: feedPosts.requiresAck,
      ackDueAt: feedPosts.ackDueAt,
      targetedCount: feedPosts.targetedCount,
      authorId: feedPosts.userId,
    })
    .from(feedPosts)
    .where(eq(feedPosts.id, postId));
  if (!post) throw notFound();
  authorize(actor, 'post.seeReach', { authorId: post.authorId });
  return post;
}

/**
 * The statement of every figure of the post's reach: one row for the totals, a group or a day (`part`).
 * `people` is one row per person (in the live audience, or with a read, a like or a comment), built by
 * hash full joins of the post's own rows; the splits join it to the people's locations and departments
 * once, and "None" is who has none of a type. Days are grouped straight from the reads (no series: the
 * service fills the days without events).
 */
export function reachQuery(postId: number, now: Date) {
  const sum = (col: string, as: string) => `coalesce(sum(p.${col}), 0)::int as ${as}`;
  const sums = sql.raw(
    [
      sum('t', 'targeted'),
      sum('s', 'seen'),
      sum('o', 'opened'),
      sum('a', 'acknowledged'),
      sum('l', 'liked'),
      sum('c', 'commented'),
    ].join(', '),
  );
  const day = (col: string) => sql.raw(`(${col} at time zone 'UTC')::date`);
  const types = sql`(${literal(GROUP_TYPE.LOCATION)}, ${literal(GROUP_TYPE.DEPARTMENT)})`;
  return sql`with rd as materialized (
      select user_id, seen_at, opened_at, acknowledged_at from post_reads where post_id = ${postId}
    ), aud as (${audienceOf(postId, now)}
    ), lk as (
      select user_id from feed_post_actions where post_id = ${postId} and action_type_id = ${literal(ACTION_TYPE.LIKE)}
    ), cm as (
      select distinct user_id from feed_comments where post_id = ${postId} and user_id is not null
    ), people as materialized (
      select coalesce(aud.id, rd.user_id, lk.user_id, cm.user_id) as user_id,
        (aud.id is not null)::int as t, (rd.seen_at is not null)::int as s, (rd.opened_at is not null)::int as o,
        (rd.acknowledged_at is not null)::int as a, (lk.user_id is not null)::int as l,
        (cm.user_id is not null)::int as c
      from aud full join rd on rd.user_id = aud.id
        full join lk on lk.user_id = coalesce(aud.id, rd.user_id)
        full join cm on cm.user_id = coalesce(aud.id, rd.user_id, lk.user_id)
    ), placed as materialized (
      select ug.user_id, g.id, g.name, g.group_type_id from user_groups ug join groups g on g.id = ug.group_id
      where g.group_type_id in ${types}
    )
    select 'total' as part, null::int as type, null::int as group_id, null::text as name, ${sums}
    from people p
    union all
    select 'split', pl.group_type_id, pl.id, pl.name, ${sums}
    from people p join placed pl on pl.user_id = p.user_id
    group by pl.group_type_id, pl.id, pl.name
    union all
    select 'split', k.type, null, null, ${sums}
    from people p cross join (values ${sql.raw(`(${GROUP_TYPE.LOCATION}), (${GROUP_TYPE.DEPARTMENT})`)}) k(type)
    where not exists (select 1 from placed pl where pl.user_id = p.user_id and pl.group_type_id = k.type)
    group by k.type
    union all
    select 'day', null, null, d::text, 0, sum(s)::int, sum(o)::int, sum(a)::int, 0, 0 from (
      select ${day('seen_at')} as d, count(*) as s, 0 as o, 0 as a from rd where seen_at is not null group by 1
      union all select ${day('opened_at')}, 0, count(*), 0 from rd where opened_at is not null group by 1
      union all select ${day('acknowledged_at')}, 0, 0, count(*) from rd where acknowledged_at is not null group by 1
    ) days group by d`;
}

const DAY_MS = 24 * 3600_000;

/**
 * The figures of a post that reaches at least REUSE_FROM people are reused by this instance for REUSE_MS
 * (as the active users report reuses a slow count): such a post's reach reads some 100,000 rows, and a
 * screen of percentages and charts over thousands of people needs no fresher figures. Smaller posts are
 * read every time, so a reach page always shows one's own acknowledgement at once on small sites and tests.
 */
const REUSE_FROM = 10_000;
const REUSE_MS = 30_000;
const reused = new WeakMap<Db, Map<number, { until: number; rows: ReachRow[] }>>();

/**
 * The rows of reachQuery. In a transaction with more sort and hash memory (work_mem) than the server's
 * default: its joins and groupings of some 100,000 rows then stay in memory as hash joins instead of
 * sorting through temporary files.
 */
async function reachRows(db: Db, postId: number, now: Date): Promise<ReachRow[]> {
  const cache = reused.get(db) ?? new Map<number, { until: number; rows: ReachRow[] }>();
  reused.set(db, cache);
  const hit = cache.get(postId);
  if (hit && hit.until > Date.now()) return hit.rows;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return queryRows<ReachRow>(tx, reachQuery(postId, now));
  });
  const total = rows.find((r) => r.part === 'total');
  if (total && Math.max(total.targeted, total.seen) >= REUSE_FROM)
    cache.set(postId, { until: Date.now() + REUSE_MS, rows });
  else cache.delete(postId);
  if (cache.size > 1000) cache.clear();
  return rows;
}

/** Every UTC day from the first of `from` and the first event to `to`, each with its events (or none). */
export function fillDays(
  rows: { day: string; seen: number; opened: number; acknowledged: number }[],
  from: Date,
  to: Date,
) {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const first = [from.toISOString().slice(0, 10), ...byDay.keys()].sort()[0] ?? '';
  const last = [to.toISOString().slice(0, 10), ...byDay.keys()].sort().at(-1) ?? '';
  const days = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.push(byDay.get(day) ?? { day, seen: 0, opened: 0, acknowledged: 0 });
  }
  return days;
}

const counts = (r: CountsRow, requiresAck: boolean): ReachCounts => ({
  targeted: r.targeted,
  seen: r.seen,
  opened: r.opened,
  liked: r.liked,
  commented: r.commented,
  acknowledged: requiresAck ? r.acknowledged : null,
});

/** Splits by name ("Site 9" before "Site 10"), the people in no group last. */
const byName = (a: { name: string; groupId: number | null }, b: { name: string; groupId: number | null }) =>
  (a.groupId === null ? 1 : 0) - (b.groupId === null ? 1 : 0) ||
  a.name.localeCompare(b.name, 'en', { numeric: true });

export async function postReach(db: Db, actor: Actor, postId: number, now = new Date()): Promise<PostReach> {
  const post = await reachablePost(db, actor, postId);
  const rows = await reachRows(db, post.id, now);
  const total = rows.find((r) => r.part === 'total');
  if (!total) throw new Error('reach: no total');
  const splits = (type: number) =>
    rows
      .filter((r) => r.part === 'split' && r.type === type)
      .map((r) => ({
        groupId: r.group_id,
        name: r.group_id === null ? NO_GROUP : (r.name ?? NO_GROUP),
        ...counts(r, post.requiresAck),
      }))
      .sort(byName);
  return {
    postId: post.id,
    title: post.title,
    startAt: post.startAt.toISOString(),
    requiresAck: post.requiresAck,
    ackDueAt: post.ackDueAt?.toISOString() ?? null,
    totals: counts({ ...total, targeted: post.targetedCount ?? total.targeted }, post.requiresAck),
    byLocation: splits(GROUP_TYPE.LOCATION),
    byDepartment: splits(GROUP_TYPE.DEPARTMENT),
    byDay: fillDays(
      rows
        .filter((r) => r.part === 'day')
        .map((r) => ({ day: r.name ?? '', seen: r.seen, opened: r.opened, acknowledged: r.acknowledged })),
      post.startAt,
      now,
    ),
  };
}
