// @engine: SQL predicates against the pure rules, raw SQL rows
// Who is told about and counted for what, as a property (issue 30, item 1): the surfaces that answer a set of
// people rather than a set of things, for the generated worlds of test-world.ts, against the contract's pure
// rules (contract/src/visibility.ts, policy.ts) and access/people.ts (a colleague is active and verified):
// - mentions: the mention search answers exactly the world's colleagues (every person of a world carries its
//   word as last name), for every viewer; a comment mentioning anyone else is refused with 400;
// - notifications and their titles: a feed post's and a community post's announcement and a comment's
//   mentions reach exactly the colleagues the post is addressed to (or who are mentioned) and who may open
//   it now, never the one who caused it; no one else holds a notification carrying a post's title;
// - reach: seen events record exactly the posts the viewer may open now and that are published (`opensNow`),
//   acknowledging answers 404 for any other, and a must-read post's not-acknowledged CSV lists exactly the
//   colleagues it is addressed to who did not acknowledge it.
// Two surfaces of item 1 need no check of their own here:
// - the offline copy (web/public/sw.js, ADR 022) keeps only what the API answered the logged-in user from
//   GET /v1/api/newsfeed and /v1/api/newsfeed/{id} (plus the settings and the pictures it showed), so it is
//   covered by the feed and post page checks of rules.property.test.ts;
// - the reports (post activity table, top posts, CSV, /newsfeed/postsReport, user activity) are
//   administrators' lists of every post or person, with no viewer filter (contract/src/endpoints/reports.ts,
//   every one `ROLES.admins`; reports/post-activity.ts reads every feed post), so there is no per-viewer
//   set to hold to a rule; the not-acknowledged CSV, which does filter by person, is checked here.
// Runs: PROPERTY_RUNS (default 8); a failure prints fast-check's seed and the shrunk case, and
// PROPERTY_SEED replays it.
import { isAddressedTo, opensCommunityPost, opensFeedPost, POST_KIND, STATE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../test/sessions';
import { useTestApp } from '../../test/use-test-app';
import { queryRows } from '../db/client';
import { intArrayText } from '../db/params';
import { feedPosts } from '../db/schema';
import { type EventType, recordEvent } from '../features/notifications/events';
import { colleagueRow } from './people';
import {
  buildWorld,
  type CommunityPostRow,
  type FeedPostRow,
  MAX_PEOPLE,
  type Person,
  POOL_CAST,
  PROPERTY_RUNS,
  PROPERTY_SEED,
  poolOf,
  viewOf,
  type World,
  worldArb,
} from './test-world';

const RUNS = PROPERTY_RUNS;
const SEED = PROPERTY_SEED;

const t = useTestApp({ users: POOL_CAST });
const pool = () => poolOf(t.users);

/** A live feed post for everyone, outside the worlds: what the mention checks comment on. */
let commentedPostId = 0;
beforeAll(async () => {
  const [row] = await t.db
    .insert(feedPosts)
    .values({
      title: 'Commented post',
      subtitle: 'Outside the worlds',
      text: '<p>Body</p>',
      userId: t.users.author.user.id,
      stateId: STATE.PUBLISHED,
      startAt: new Date(Date.now() - 3600_000),
      kind: POST_KIND.FEED,
      notifiedAt: new Date(),
    })
    .returning({ id: feedPosts.id });
  if (!row) throw new Error('post not created');
  commentedPostId = row.id;
});

type Post = FeedPostRow | CommunityPostRow;
const isFeed = (post: Post): post is FeedPostRow => 'audience' in post;

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const idList = (ids: number[]) => sql`${intArrayText(ids)}::int[]`;
const who = (p: Person) =>
  `person ${p.id} (role ${p.roleId}, ${p.isActive ? 'active' : 'inactive'}, ${p.isVerified ? 'verified' : 'unverified'}, groups [${p.groupIds}])`;

/** The pure rules for one person and one post of the world, at `now`. */
function rules(w: World, p: Person, post: Post, now: Date) {
  const reader = { id: p.id, roleId: p.roleId, groupIds: p.groupIds };
  if (isFeed(post))
    return {
      opens: opensFeedPost(reader, post, now),
      addressed: isAddressedTo(reader, { ...post, kind: 'feed' }, now),
    };
  const c = w.communities.find((x) => x.id === post.communityId);
  const community = c ? viewOf(c, p.id) : null;
  return {
    opens: opensCommunityPost(reader, { ...post, community }, now),
    addressed: isAddressedTo(reader, { ...post, kind: 'community', community }, now),
  };
}

/** Reach's "opens it now": may open it, and it is published (access/posts.ts `opensNow`). */
const opensNowPure = (w: World, p: Person, post: Post, now: Date) =>
  post.stateId === STATE.PUBLISHED && rules(w, p, post, now).opens;

/** An event as the fan-out reads it. */
type EventFacts = { type: string; actorId: number | null; userIds: number[] | null };

/**
 * Whom of the world an event about `post` may notify (the event carries the post's title): colleagues, never
 * its actor; an announcement (FEED_POST, COMMUNITY_POST) those the post is addressed to now and who may open
 * it (feed/ and communities/notification-audiences.ts: "a post whose window ended, or of a community no longer
 * published, tells nobody its title", issue 30, L2); a COMMENT the mentioned who may open the post
 * (access/recipients.ts `readsPost`: issue 13, finding 11).
 */
function mayBeTold(w: World, post: Post, e: EventFacts, now: Date): number[] {
  return w.people
    .filter((p) => {
      if (!colleagueRow(p) || p.id === e.actorId) return false;
      const r = rules(w, p, post, now);
      if (e.type === 'COMMENT') return (e.userIds ?? []).includes(p.id) && r.opens;
      return r.addressed && r.opens;
    })
    .map((p) => p.id);
}

/** Mentions: the mention search, for every viewer, and the refusal of a comment mentioning a non-colleague. */
async function checkMentions(w: World) {
  const sessions = new Map(pool().map((s) => [s.user.id, s]));
  const peopleIds = w.people.map((p) => p.id);
  const colleagues = w.people.filter(colleagueRow).map((p) => p.id);
  for (const p of w.people) {
    const s = sessions.get(p.id) as Session;
    const res = await t.get(`/v1/api/users?startString=${w.word}&isActive=1&limit=20`, s);
    if (!p.isActive) {
      expect(res.statusCode, `mention search, inactive ${who(p)}`).toBe(401);
      continue;
    }
    expect(res.statusCode, `mention search, ${who(p)}: ${res.body}`).toBe(200);
    const found = (res.json().data as { id: number }[])
      .map((u) => u.id)
      .filter((id) => peopleIds.includes(id));
    expect(sorted(found), `mention search, ${who(p)}`).toEqual(sorted(colleagues));
  }
  // Mentioning colleagues is accepted (so the refusals below are for the one non-colleague, nothing else).
  const comment = (userIDs: number[]) =>
    t.call('POST', '/v1/api/comments', t.users.author, {
      feedPostId: commentedPostId,
      content: `Hello ${w.word}`,
      userIDs,
    });
  if (colleagues.length) {
    const ok = await comment(colleagues);
    expect(ok.statusCode, `comment mentioning the colleagues ${colleagues}: ${ok.body}`).toBe(201);
  }
  for (const q of w.people.filter((x) => !colleagueRow(x))) {
    const res = await comment([...colleagues, q.id]);
    expect(res.statusCode, `comment mentioning ${who(q)}`).toBe(400);
    expect(res.json().fields, `comment mentioning ${who(q)}`).toHaveProperty('userIDs');
  }
}

/**
 * Notifications: for each post of the world, its announcement and a comment mentioning `mentioned`, both
 * caused by `actorId`, are recorded as the features record them (recordEvent) and fanned out. Each event is
 * recorded whatever the post's state and window: the fan-out judges "addressed and may open" when a batch is
 * sent, not when the event was recorded (a post may end or be unpublished in between).
 */
async function checkNotifications(w: World, actorId: number, mentioned: number[]) {
  const posts: Post[] = [...w.feedPosts, ...w.communityPosts];
  const peopleIds = w.people.map((p) => p.id);
  const recorded: { id: number; post: Post; facts: EventFacts }[] = [];
  const record = (post: Post, type: EventType, userIds?: number[]) =>
    t.db.transaction(async (tx) => {
      await recordEvent(tx, {
        type,
        objectId: post.id,
        title: post.title,
        actorId,
        ...(userIds ? { userIds } : {}),
      });
      const [row] = await queryRows<{ id: number }>(tx, sql`select lastval()::int as id`);
      if (!row) throw new Error('event not recorded');
      recorded.push({ id: row.id, post, facts: { type, actorId, userIds: userIds ?? null } });
    });
  for (const post of posts) {
    await record(post, isFeed(post) ? 'FEED_POST' : 'COMMUNITY_POST');
    await record(post, 'COMMENT', mentioned);
  }
  await t.app.notifications.drain();
  const now = new Date();

  const rows = await queryRows<{ event_id: number; user_id: number; title: string }>(
    t.db,
    sql`select event_id, user_id, title from notifications where event_id = any(${idList(recorded.map((e) => e.id))})`,
  );
  for (const e of recorded) {
    const got = rows
      .filter((r) => r.event_id === e.id && peopleIds.includes(r.user_id))
      .map((r) => r.user_id);
    const label = `${e.facts.type} of post ${e.post.id} by ${actorId}${e.facts.userIds ? ` mentioning [${e.facts.userIds}]` : ''}`;
    expect(sorted(got), label).toEqual(sorted(mayBeTold(w, e.post, e.facts, now)));
    for (const r of rows.filter((x) => x.event_id === e.id))
      expect(r.title, `${label}: the title`).toBe(e.post.title);
  }

  // Titles: whatever recorded it (these events, or the scheduler announcing a post that starts now), a
  // notification carrying a post's title reaches only whom its event may tell.
  const titled = await queryRows<{
    user_id: number;
    title: string;
    type: string;
    actor_id: number | null;
    user_ids: number[] | null;
  }>(
    t.db,
    sql`select n.user_id, n.title, ev.type, ev.actor_id, ev.user_ids from notifications n
      join notification_events ev on ev.id = n.event_id
      where position(${w.word} in n.title) > 0 and n.user_id = any(${idList(peopleIds)})`,
  );
  for (const r of titled) {
    const post = posts.find((p) => p.title === r.title);
    if (!post) continue;
    const facts = { type: r.type, actorId: r.actor_id, userIds: r.user_ids };
    expect(mayBeTold(w, post, facts, now), `person ${r.user_id} told "${r.title}" (${r.type})`).toContain(
      r.user_id,
    );
  }
}

/**
 * Reach: every viewer reports every post of the world seen; the rows recorded are what they may open now.
 * Then every post asks to be acknowledged, the people `acknowledging` acknowledge every post (404 for what
 * they may not open), and each post's not-acknowledged CSV lists the colleagues it is addressed to who did
 * not.
 */
async function checkReach(w: World, acknowledging: Set<number>) {
  const now = new Date();
  const posts: Post[] = [...w.feedPosts, ...w.communityPosts];
  const postIds = posts.map((p) => p.id);
  const sessions = new Map(pool().map((s) => [s.user.id, s]));
  for (const p of w.people) {
    const s = sessions.get(p.id) as Session;
    if (!postIds.length) break;
    const res = await t.call('POST', '/v1/api/post-reads', s, { seen: postIds });
    expect(res.statusCode, `POST /post-reads, ${who(p)}: ${res.body}`).toBe(p.isActive ? 200 : 401);
  }
  const reads = await queryRows<{ post_id: number; user_id: number }>(
    t.db,
    sql`select post_id, user_id from post_reads where post_id = any(${idList(postIds)})`,
  );
  for (const p of w.people) {
    // A deactivated person is refused before any rule is asked (platform/auth/guards.ts), so records nothing.
    const expected = p.isActive ? posts.filter((x) => opensNowPure(w, p, x, now)).map((x) => x.id) : [];
    const got = reads.filter((r) => r.user_id === p.id).map((r) => r.post_id);
    expect(sorted(got), `post_reads after POST /post-reads, ${who(p)}`).toEqual(sorted(expected));
  }

  if (!postIds.length) return;
  await t.db.execute(sql`update feed_posts set requires_ack = true where id = any(${idList(postIds)})`);
  const acked = new Set<string>();
  for (const p of w.people.filter((x) => x.isActive && acknowledging.has(x.id))) {
    const s = sessions.get(p.id) as Session;
    for (const post of posts) {
      const res = await t.call('POST', `/v1/api/feed-posts/${post.id}/acknowledge`, s);
      const opens = opensNowPure(w, p, post, now);
      expect(res.statusCode, `acknowledge post ${post.id}, ${who(p)}`).toBe(opens ? 200 : 404);
      if (opens) acked.add(`${post.id}:${p.id}`);
    }
  }
  const byEmail = new Map(pool().map((s) => [s.user.email.toLowerCase(), s.user.id]));
  const peopleIds = w.people.map((p) => p.id);
  for (const post of posts) {
    const res = await t.get(`/v1/api/feed-posts/${post.id}/reach/not-acknowledged/csv`, t.users.author);
    expect(res.statusCode, `not-acknowledged CSV of post ${post.id}: ${res.body}`).toBe(200);
    const listed = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter((line) => line.length)
      .map((line) => byEmail.get((line.split(',')[2] ?? '').replace(/"/g, '').toLowerCase()))
      .filter((id): id is number => id !== undefined && peopleIds.includes(id));
    const expected = w.people
      .filter((p) => colleagueRow(p) && rules(w, p, post, now).addressed && !acked.has(`${post.id}:${p.id}`))
      .map((p) => p.id);
    expect(sorted(listed), `not-acknowledged CSV of post ${post.id}`).toEqual(sorted(expected));
  }
}

/** A world, who causes its events, whom its comments mention and who acknowledges (indices into its people). */
const caseArb = fc.record({
  world: worldArb,
  actor: fc.option(fc.nat(MAX_PEOPLE - 1), { nil: null }),
  mentioned: fc.subarray([...Array(MAX_PEOPLE).keys()]),
  acknowledging: fc.subarray([...Array(MAX_PEOPLE).keys()]),
});

describe('who is told and counted: mentions, notifications and reach agree with the pure rules', () => {
  it('for generated worlds, actors, mentions and acknowledgements', { timeout: 600_000 }, async () => {
    let previous: World | undefined;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const world = await buildWorld(t.db, c.world, {
          poolIds: pool().map((s) => s.user.id),
          authorId: t.users.author.user.id,
          previous,
        });
        previous = world;
        const person = (i: number) => world.people[i]?.id;
        const ids = (is: number[]) => is.map(person).filter((id) => id !== undefined);
        const actorId = (c.actor === null ? undefined : person(c.actor)) ?? t.users.author.user.id;
        await checkMentions(world);
        await checkNotifications(world, actorId, ids(c.mentioned));
        await checkReach(world, new Set(ids(c.acknowledging)));
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});
