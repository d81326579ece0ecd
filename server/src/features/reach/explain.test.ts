// @engine: EXPLAIN of the reach queries
// Reach at scale (issue 18): generated people and read rows, and the plans of the exact SQL the services
// run. A post's reach reads its rows by the post_reads primary key's prefix, never every read; a batch of
// seen events reads the posts by their primary key; the To acknowledge list and the reminders read the small
// partial index of must-read posts. REACH_EXPLAIN_USERS / REACH_EXPLAIN_READS raise the scale (the
// benchmark's is 50,000 and 1,000,000); SHOW_PLANS=1 prints the plans and timings.
import { GROUP_TYPE, ROLE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { intArrayText } from '../../db/params';
import { groupOf } from '../../db/user-groups';
import { postReach, reachQuery } from './reach';
import { seenStatement } from './reads';
import { toAcknowledgeQuery } from './to-acknowledge';

const USERS = Number(process.env.REACH_EXPLAIN_USERS ?? 5_000);
const READS = Number(process.env.REACH_EXPLAIN_READS ?? 50_000);
const t = useTestApp();
const now = new Date();
let mustRead: number;
let admin: { id: number; roleId: number };
let staff: { id: number; roleId: number };
let recent: number[];

async function plan(query: SQL | { getSQL(): SQL }): Promise<string> {
  const lines = await queryRows<{ 'QUERY PLAN': string }>(t.db, sql`explain ${query}`);
  const out = lines.map((l) => l['QUERY PLAN']).join('\n');
  if (process.env.SHOW_PLANS) console.log(out);
  return out;
}

beforeAll(async () => {
  admin = await createUser(t.db, { roleId: ROLE.ADMIN });
  staff = await createUser(t.db);
  // Five locations and eight departments; every person in one of each, every 50th in none.
  await t.db.execute(sql`insert into groups (name, group_type_id)
    select 'Location ' || g, ${GROUP_TYPE.LOCATION}::int from generate_series(1, 5) g
    union all select 'Department ' || g, ${GROUP_TYPE.DEPARTMENT}::int from generate_series(1, 8) g`);
  await t.db.execute(sql`insert into users (first_name, last_name, email, password_hash, role_id, is_verified)
    select 'First' || g, 'Last' || g, 'reach' || g || '@example.com', 'x', 2, true from generate_series(1, ${USERS}) g`);
  await t.db.execute(sql`insert into user_groups (user_id, group_id)
    select u.id, g.id from users u
    join groups g on (g.group_type_id = ${GROUP_TYPE.LOCATION} and g.name = 'Location ' || (1 + u.id % 5))
      or (g.group_type_id = ${GROUP_TYPE.DEPARTMENT} and g.name = 'Department ' || (1 + u.id % 8))
    where u.email like 'reach%' and u.id % 50 <> 0`);
  // Posts: every person reads the must-read post (the newest); the other reads spread over older posts.
  const posts = 1 + Math.ceil((READS - USERS) / (USERS / 2));
  await t.db.execute(sql`insert into feed_posts (title, subtitle, text, user_id, state_id, start_at, end_at)
    select 'Post ' || g, 'Sub', '<p>Body</p>', ${admin.id}, 2, now() - g * interval '1 hour', null
    from generate_series(1, ${posts}) g`);
  // Older posts nobody read, so the posts table is large enough for the planner to prefer its indexes.
  await t.db.execute(sql`insert into feed_posts (title, subtitle, text, user_id, state_id, start_at, end_at)
    select 'Old ' || g, 'Sub', '<p>Body</p>', ${admin.id}, 2, now() - interval '1 year' - g * interval '1 hour', null
    from generate_series(1, 20000) g`);
  const [must] = await queryRows<{ id: number; start_at: string }>(
    t.db,
    sql`select id, start_at from feed_posts order by start_at desc, id desc limit 1`,
  );
  if (!must) throw new Error('no post');
  mustRead = Number(must.id);
  await t.db.execute(sql`update feed_posts set requires_ack = true, ack_due_at = now() + interval '7 days'
    where id = ${mustRead}`);
  // The pool's statement timeout is for requests; generating a million rows takes longer on a busy machine.
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`insert into post_reads (post_id, user_id, seen_at, opened_at, acknowledged_at)
      select p.id, u.id, now() - (u.id % 600) * interval '1 minute',
        case when u.id % 3 = 0 then now() end, case when p.id = ${mustRead} and u.id % 5 <> 0 then now() end
      from (select id, row_number() over (order by start_at desc, id desc) as rank from feed_posts
        order by start_at desc, id desc limit ${posts}) p
      join users u on (u.id + p.rank) % 2 = 0 or p.rank = 1
      on conflict do nothing`);
    // Each read with its reader's groups, as recording one writes it.
    await tx.execute(sql`update post_reads r set location_id = ${groupOf(sql`r.user_id`, GROUP_TYPE.LOCATION)},
      department_id = ${groupOf(sql`r.user_id`, GROUP_TYPE.DEPARTMENT)}`);
  });
  recent = (
    await queryRows<{ id: number }>(t.db, sql`select id from feed_posts order by start_at desc limit 20`)
  ).map((r) => Number(r.id));
  await t.db.execute(sql`vacuum analyze`);
}, 600_000);

describe(`reach at ${USERS} people and about ${READS} read rows`, () => {
  it('holds the generated reads', async () => {
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from post_reads`);
    expect(Number(row?.n)).toBeGreaterThan(READS * 0.9);
  });

  it("reads a post's reach by the primary key's prefix, index-only, never all the reads", async () => {
    // Announced (targeted per group as counted) and not yet (the live audience).
    for (const groupsCounted of [true, false]) {
      const text = await plan(reachQuery(mustRead, now, groupsCounted));
      expect(text).toMatch(/Index Only Scan using post_reads_post_id_user_id_pk/);
      expect(text).not.toMatch(/Seq Scan on post_reads/);
    }
  });

  it('answers every figure of the reach', async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await queryRows(t.db, reachQuery(mustRead, now, false));
      times.push(performance.now() - started);
    }
    const reach = await postReach(t.db, admin, mustRead, now);
    if (process.env.SHOW_PLANS) console.log(`reach in ${times.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    // Everyone read the must-read post; the generated people and the two made first.
    expect(reach.totals.seen).toBe(USERS + 2);
    // Targeted: all of them but the post's author (access/recipients.ts addressedTo, issue 33).
    expect(reach.totals.targeted).toBe(USERS + 1);
    expect(reach.byLocation.reduce((n, s) => n + s.targeted, 0)).toBe(USERS + 1);
    expect(reach.byDepartment).toHaveLength(9);
    // Seen per group from the reads' own groups: every 50th person is in none.
    const none = reach.byLocation.find((l) => l.groupId === null);
    expect(none?.seen).toBe(Math.floor(USERS / 50) + 2);
    expect(reach.byDepartment.reduce((n, s) => n + s.seen, 0)).toBe(USERS + 2);
  });

  it('reads a batch of seen events through the posts primary key', async () => {
    for (const viewer of [staff, admin]) {
      const text = await plan(seenStatement(t.db, viewer, intArrayText(recent), now).getSQL());
      expect(text).toMatch(/Index Scan using feed_posts_pkey on feed_posts/);
      expect(text).not.toMatch(/Seq Scan on (feed_posts|post_reads)/);
    }
  });

  it('reads the To acknowledge list through the partial index of must-read posts', async () => {
    const text = await plan(toAcknowledgeQuery(t.db, staff.id, now));
    expect(text).toMatch(/Index Scan using feed_posts_ack_idx on feed_posts/);
    expect(text).not.toMatch(/Seq Scan on (feed_posts|post_reads)/);
  });
});
