// @engine: EXPLAIN of the feed queries
// The feed query at scale: 50,000 posts, and the plans of the exact SQL the service runs (first page, a
// deep page, the carousel and the Likes tab) read feed_posts through an index, never a sequential scan.
import { ACTION_TYPE, GROUP_TYPE } from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { groups } from '../../db/schema';
import { claimStartedPosts } from '../notifications/fanout';
import { actionPageQuery, FEATURED_MAX, feedPageQuery } from './queries';

const POSTS = 50_000;
const t = useTestApp();
let userId: number;
const now = new Date();

async function rows<T>(query: SQL): Promise<T[]> {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

async function plan(query: { getSQL(): SQL }): Promise<string> {
  const lines = await rows<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
  const out = lines.map((l) => l['QUERY PLAN']).join('\n');
  if (process.env.SHOW_PLANS) console.log(out);
  return out;
}

beforeAll(async () => {
  const author = await createUser(t.db, { roleId: 1 });
  const [location] = await t.db
    .insert(groups)
    .values({ name: 'Explain City', groupTypeId: GROUP_TYPE.LOCATION })
    .returning();
  if (!location) throw new Error('group');
  const reader = await createUser(t.db, { groupIds: [location.id] });
  userId = reader.id;
  // One statement: every tenth post a draft, every fiftieth featured, every twentieth for one location,
  // one a minute back in time, a few ending before now.
  await t.db.execute(sql`
    insert into feed_posts (title, subtitle, text, user_id, state_id, is_featured, has_audience, start_at, end_at)
    select 'Post ' || g, 'Subtitle', '<p>Body</p>', ${author.id},
      case when g % 10 = 0 then 1 else 2 end, g % 50 = 0, g % 20 = 0,
      ${now.toISOString()}::timestamptz - g * interval '1 minute',
      case when g % 13 = 0 then ${now.toISOString()}::timestamptz - interval '1 second' else null end
    from generate_series(1, ${POSTS}) g`);
  await t.db.execute(sql`
    insert into feed_post_groups (post_id, group_id, group_type_id)
    select id, ${location.id}, ${GROUP_TYPE.LOCATION} from feed_posts where has_audience`);
  await t.db.execute(sql`
    insert into feed_post_actions (post_id, user_id, action_type_id, created_at)
    select id, ${reader.id}, ${ACTION_TYPE.LIKE}, start_at from feed_posts where id % 97 = 0`);
  await t.db.execute(sql`analyze`);
}, 180_000);

const INDEX_ON_POSTS = /Index (Only )?Scan( Backward)? using \w+ on feed_posts/;

describe(`EXPLAIN of the feed queries at ${POSTS} posts`, () => {
  it('holds the generated posts', async () => {
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from feed_posts`);
    expect(Number(row?.n)).toBe(POSTS);
  });

  it('reads the first page through the feed index, without a sequential scan of posts', async () => {
    const text = await plan(feedPageQuery(t.db, { userId, now, take: 11 }));
    expect(text).toMatch(/Index (Only )?Scan Backward using feed_posts_feed_idx on feed_posts/);
    expect(text).not.toMatch(/Seq Scan on feed_posts/);
    // The audience check probes each candidate post's own groups, never all of them.
    expect(text).not.toMatch(/Seq Scan on feed_post_groups|hashed SubPlan/);
  });

  it('reads a deep page the same way, with the cursor inside the index condition', async () => {
    const [deep] = await rows<{ id: number; start_at: string }>(
      sql`select id, start_at from feed_posts where state_id = 2 order by start_at desc, id desc offset 30000 limit 1`,
    );
    if (!deep) throw new Error('no deep row');
    const after = { at: new Date(deep.start_at), id: Number(deep.id) };
    const query = feedPageQuery(t.db, { userId, now, take: 11, after });
    const text = await plan(query);
    expect(text).toMatch(/Index (Only )?Scan Backward using feed_posts_feed_idx on feed_posts/);
    expect(text).toMatch(/Index Cond: \(.*start_at <= /);
    expect(text).not.toMatch(/Seq Scan on feed_posts|Seq Scan on feed_post_groups/);
    // And the page itself is right: the ten posts after the cursor.
    const page = await query;
    expect(page).toHaveLength(11);
    expect(page.every((p) => p.startAt.getTime() <= after.at.getTime())).toBe(true);
  });

  it('keeps the index in the generic plan of the prepared page query the service runs', async () => {
    // The service runs the same SQL as a prepared statement, which PostgreSQL soon plans once for any
    // values (queries.ts readFeedPage): that generic plan must read the index too.
    const slot = (name: string) => sql.placeholder(name);
    const q = feedPageQuery(t.db, {
      userId: slot('userId'),
      now: slot('now'),
      take: 11,
      after: { at: slot('afterAt'), id: slot('afterId') },
    }).toSQL();
    const values: Record<string, string | number> = {
      userId,
      now: now.toISOString(),
      afterAt: now.toISOString(),
      afterId: 2_000_000_000,
    };
    const literals = q.params.map((p) => {
      const v = p instanceof Object && 'name' in p ? values[String(p.name)] : p;
      return typeof v === 'number' ? String(v) : `'${String(v)}'`;
    });
    const text = await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare feed_generic as ${q.sql}`));
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const res = (await tx.execute(
        sql.raw(`explain execute feed_generic(${literals.join(', ')})`),
      )) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      await tx.execute(sql`deallocate feed_generic`);
      return res.rows.map((l) => l['QUERY PLAN']).join('\n');
    });
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toMatch(/Index (Only )?Scan Backward using feed_posts_feed_idx on feed_posts/);
    expect(text).toMatch(/Index Cond: \(.*start_at <= /);
    expect(text).not.toMatch(/Seq Scan on feed_posts|Seq Scan on feed_post_groups/);
  });

  it('claims started, unannounced posts for the notification worker through its partial index', async () => {
    await t.db.execute(sql`update feed_posts set notified_at = now() where id % 1000 <> 0`);
    await t.db.execute(sql`analyze feed_posts`);
    const text = await plan(claimStartedPosts());
    expect(text).toMatch(/Index Scan using feed_posts_unannounced_idx on feed_posts/);
    expect(text).not.toMatch(/Seq Scan on feed_posts/);
  });

  it('reads the carousel and the Likes tab through indexes too', async () => {
    for (const query of [
      feedPageQuery(t.db, { userId, now, take: FEATURED_MAX, featured: true }),
      actionPageQuery(t.db, { userId, now, take: 11, actionTypeId: ACTION_TYPE.LIKE }),
    ]) {
      const text = await plan(query);
      expect(text).toMatch(INDEX_ON_POSTS);
      expect(text).not.toMatch(/Seq Scan on feed_posts/);
    }
  });
});
