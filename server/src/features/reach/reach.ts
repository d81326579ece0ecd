// A post's reach (issue 18, ADR 033): targeted, seen, opened, liked, commented and acknowledged, in all,
// by location, by department and per day since the post's start. Administrators, the post's author, post
// managers for feed posts and a community's managers for its posts (the policy's post.seeReach).
// One statement after the post's row, each part reading only the post's own rows:
// - seen, opened and acknowledged, in all, per group and per day: one index-only pass over the post's
//   reads (the post_reads key carries every column counted, and each read its reader's groups);
// - liked and commented: the post's likers and commenters, each placed in their groups;
// - targeted: the audience counted when the post was announced (feed_posts.targeted_count and
//   post_targeted_groups, added by the fan-out), or, for a post not announced yet, the audience as it is
//   now (a pass over the active users, each judged by `addressedTo`).
// No counters to keep in step, and nothing that grows with the number of people beyond the post's reads.
import { ACTION_TYPE, GROUP_TYPE, POST_KIND, type PostReach, type ReachCounts } from '@hearth/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../access/policy';
import { audienceOf } from '../../access/recipients';
import { type Db, queryRows } from '../../db/client';
import { type Bind, literal } from '../../db/params';
import { prepared } from '../../db/prepared';
import { feedPosts } from '../../db/schema';
import { groupOf } from '../../db/user-groups';
import { notFound } from '../../platform/errors';

/** The name of the split of people in no location (or no department). */
export const NO_GROUP = 'None';

const MEASURES = ['targeted', 'seen', 'opened', 'acknowledged', 'liked', 'commented'] as const;
type CountsRow = Record<(typeof MEASURES)[number], number>;
type ReachRow = CountsRow & {
  part: 'total' | 'split' | 'day';
  type: number | null;
  group_id: number | null;
  name: string | null;
  day: string | null;
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
      kind: feedPosts.kind,
      communityId: feedPosts.communityId,
      /** Whether the caller manages the post's community (a community post's reach is theirs to see). */
      managesCommunity: sql<boolean>`exists (select 1 from community_members m
        where m.community_id = ${feedPosts.communityId} and m.user_id = ${actor.id} and m.is_manager)`,
      /** Whether the fan-out counted its audience per group (else reach counts the live audience). */
      groupsCounted: sql<boolean>`exists (select 1 from post_targeted_groups t where t.post_id = ${feedPosts.id})`,
    })
    .from(feedPosts)
    .where(eq(feedPosts.id, postId));
  if (!post) throw notFound();
  authorize(actor, 'post.seeReach', {
    authorId: post.authorId,
    isFeedPost: post.kind === POST_KIND.FEED,
    managesCommunity: post.managesCommunity,
  });
  return post;
}

const LOC = GROUP_TYPE.LOCATION;
const DEP = GROUP_TYPE.DEPARTMENT;
type Measures = Partial<Record<(typeof MEASURES)[number], string>>;
const measureList = (m: Measures) => sql.raw(MEASURES.map((k) => `(${m[k] ?? '0'})::int`).join(', '));

/**
 * A part's rows as (part, type, group_id, day, <every measure>) from `source`, which has each person's
 * `loc` and `dep`: the total and each location and department, by GROUPING SETS in one pass.
 */
function byGroup(source: SQL, measures: Measures) {
  return sql`select case grouping(loc, dep) when 3 then 'total' else 'split' end,
      case grouping(loc, dep) when 1 then ${literal(LOC)} when 2 then ${literal(DEP)} end,
      case grouping(loc, dep) when 1 then loc when 2 then dep end, null::text, ${measureList(measures)}
    from (${source}) src group by grouping sets ((), (loc), (dep))`;
}

/**
 * The reads' rows: the total, each group and each day of each kind of event. One index-only pass over the
 * post's reads counts them by (location, department, seen day, opened day, acknowledged day): one hash
 * lookup a read, and few combinations; GROUPING SETS then add those up. (GROUPING SETS straight over the
 * reads cost twice as much: five hash lookups a read.) grouping() has a bit for each column a row's set
 * leaves out (loc 16, dep 8, seen day 4, opened day 2, acknowledged day 1): 31 is the total, 15 a
 * location, 23 a department, 27 a day of seeing, 29 of opening, 30 of acknowledging; a day row counts
 * only its own kind.
 */
function readsByGroupAndDay(postId: Bind<number>) {
  // UTC days as 24-hour bins from a UTC midnight: a quarter cheaper a read than converting each moment
  // to a date (`at time zone 'UTC'`); only the few bins found are turned into dates.
  const day = (col: string) => sql.raw(`date_bin('1 day', ${col}, timestamptz '2000-01-01 00:00:00+00')`);
  const g = sql`grouping(loc, dep, sd, od, ad)`;
  return sql`select case ${g} when 31 then 'total' when 15 then 'split' when 23 then 'split' else 'day' end,
      case ${g} when 15 then ${literal(LOC)} when 23 then ${literal(DEP)} end,
      case ${g} when 15 then loc when 23 then dep end,
      ((case ${g} when 27 then sd when 29 then od when 30 then ad end) at time zone 'UTC')::date::text,
      0, (case when ${g} in (29, 30) then 0 else sum(s) end)::int,
      (case when ${g} in (27, 30) then 0 else sum(o) end)::int,
      (case when ${g} in (27, 29) then 0 else sum(a) end)::int, 0, 0
    from (select location_id as loc, department_id as dep, ${day('seen_at')} as sd, ${day('opened_at')} as od,
        ${day('acknowledged_at')} as ad, count(seen_at) as s, count(opened_at) as o, count(acknowledged_at) as a
      from post_reads where post_id = ${postId} group by 1, 2, 3, 4, 5) r
    group by grouping sets ((), (loc), (dep), (sd), (od), (ad))`;
}

/**
 * The statement of every figure of the post's reach: rows of a part ('total', 'split' of a group of a
 * type, 'day'), each part with its own measures (the service adds up the rows of one key). A split's group
 * id null is "None": people in no group of the type, or in one deleted since.
 */
export function reachQuery(postId: Bind<number>, now: Bind<Date>, groupsCounted: boolean) {
  const engaged = byGroup(
    sql`select e.l, e.c, ${groupOf(sql`e.user_id`, LOC)} as loc, ${groupOf(sql`e.user_id`, DEP)} as dep
      from (select user_id, bool_or(l) as l, bool_or(c) as c from (
        select user_id, true as l, false as c from feed_post_actions
          where post_id = ${postId} and action_type_id = ${literal(ACTION_TYPE.LIKE)}
        union all select user_id, false, true from feed_comments where post_id = ${postId} and user_id is not null
      ) x group by user_id) e`,
    { liked: 'count(*) filter (where l)', commented: 'count(*) filter (where c)' },
  );
  // Targeted as the fan-out counted it, or until it did, the live audience.
  const targeted = groupsCounted
    ? sql`select 'split', group_type_id, nullif(group_id, 0), null::text, ${measureList({ targeted: 'people' })}
      from post_targeted_groups where post_id = ${postId}`
    : byGroup(
        sql`select ${groupOf(sql`a.id`, LOC)} as loc, ${groupOf(sql`a.id`, DEP)} as dep
          from (${audienceOf(postId, now)}) a`,
        { targeted: 'count(*)' },
      );
  return sql`select u.part, u.type, g.id as group_id, g.name, u.day, ${sql.raw(MEASURES.map((m) => `u.${m}`).join(', '))}
    from (${readsByGroupAndDay(postId)} union all ${engaged} union all ${targeted})
      u(part, type, group_id, day, ${sql.raw(MEASURES.join(', '))})
    left join groups g on g.id = u.group_id and g.group_type_id = u.type
    where u.part <> 'day' or u.day is not null`;
}

/** The columns of reachQuery's rows, as the select of its prepared form reads them (built once per name). */
function reachFields() {
  const col = <T>(name: string) => sql<T>`${sql.raw(`r.${name}`)}`;
  return {
    part: col<ReachRow['part']>('part'),
    type: col<number | null>('type'),
    group_id: col<number | null>('group_id'),
    name: col<string | null>('name'),
    day: col<string | null>('day'),
    ...(Object.fromEntries(MEASURES.map((m) => [m, col<number>(m)])) as Record<
      (typeof MEASURES)[number],
      SQL<number>
    >),
  };
}

/**
 * reachQuery as a prepared statement (db/prepared.ts), one for posts whose groups the fan-out counted and
 * one for the others: planning it took a tenth of its time.
 */
function preparedReach(db: Db, groupsCounted: boolean) {
  return prepared<ReachRow[]>(db, `post_reach_${groupsCounted ? 'counted' : 'live'}`, () =>
    db
      .select(reachFields())
      .from(sql`(${reachQuery(sql.placeholder('postId'), sql.placeholder('now'), groupsCounted)}) as r`),
  );
}

/** The rows of reachQuery, those of one part and group (or day) added up into one. */
async function reachRows(db: Db, postId: number, now: Date, groupsCounted: boolean): Promise<ReachRow[]> {
  const query = preparedReach(db, groupsCounted);
  const rows = query
    ? await query.execute({ postId, now: now.toISOString() })
    : await queryRows<ReachRow>(db, reachQuery(postId, now, groupsCounted));
  const merged = new Map<string, ReachRow>();
  for (const r of rows) {
    const key = `${r.part}:${r.type}:${r.group_id}:${r.day}`;
    const into = merged.get(key);
    if (!into) merged.set(key, { ...r });
    else for (const m of MEASURES) into[m] += r[m];
  }
  return [...merged.values()];
}

const DAY_MS = 24 * 3600_000;

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
  const rows = await reachRows(db, post.id, now, post.groupsCounted);
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
    communityId: post.kind === POST_KIND.FEED ? null : post.communityId,
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
        .map((r) => ({ day: r.day ?? '', seen: r.seen, opened: r.opened, acknowledged: r.acknowledged })),
      post.startAt,
      now,
    ),
  };
}
