// @engine: SQL predicates against the pure rules, raw SQL rows
// Who sees what, as a property (issue 30, item 1): for generated worlds of people, groups, communities,
// posts and surveys (test-world.ts), every viewer gets
// (a) from each SQL predicate of server/src/access/ (and surveys' `openTo`) exactly the set the contract's
//     pure rule (contract/src/visibility.ts, policy.ts) gives over the same facts, at one fixed `now` that
//     also sits on the windows' edges; the `u`-forms of recipients.ts are checked over every person at once;
// (b) from every surface, through the real HTTP API, the set the pure rule gives: the feed, each post's
//     page, search and suggestions, the directory and a person's page. Where a surface shows less or more
//     than "may open", the test says so and why, next to the expectation.
// Runs: PROPERTY_RUNS (default 8); a failure prints fast-check's seed and the shrunk world, and
// PROPERTY_SEED replays it.
import {
  type Actor,
  can,
  inAudience,
  isAddressedTo,
  isLive,
  opensCommunityPost,
  opensFeedPost,
  type Reader,
  SEARCH_LIMITS,
  type SearchHit,
  STATE,
  surveyOpenTo,
} from '@hearth/contract';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../test/sessions';
import { useTestApp } from '../../test/use-test-app';
import { queryRows } from '../db/client';
import { intArrayText } from '../db/params';
import { communityVisibleTo } from './communities';
import { colleagueRow } from './people';
import { communityPostSeen, feedPostSeen, opensNow, POSTS_WITH_COMMUNITY } from './posts';
import { addressedTo, audienceOf, readsPost, seesCommunitySql, U_ID } from './recipients';
import { openTo } from './surveys';
import {
  buildWorld,
  type CommunityPostRow,
  type CommunityRow,
  type FeedPostRow,
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

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const idList = (ids: number[]) => sql`${intArrayText(ids)}::int[]`;
const who = (p: Person) =>
  `person ${p.id} (role ${p.roleId}, ${p.isActive ? 'active' : 'inactive'}, ${p.isVerified ? 'verified' : 'unverified'}, groups [${p.groupIds}])`;

const readerOf = (p: Person): Reader => ({ id: p.id, roleId: p.roleId, groupIds: p.groupIds });
const communityOf = (w: World, post: CommunityPostRow): CommunityRow | undefined =>
  w.communities.find((c) => c.id === post.communityId);

/** The pure rules over the world's facts, for one person at `now`. */
function pure(w: World, p: Person, now: Date) {
  const reader = readerOf(p);
  const opensFeed = (post: FeedPostRow) => opensFeedPost(reader, post, now);
  const opensCommunity = (post: CommunityPostRow) => {
    const c = communityOf(w, post);
    return opensCommunityPost(reader, { ...post, community: c ? viewOf(c, p.id) : null }, now);
  };
  return {
    feedPosts: w.feedPosts.filter(opensFeed).map((x) => x.id),
    communityPosts: w.communityPosts.filter(opensCommunity).map((x) => x.id),
    communities: w.communities.filter((c) => can(reader, 'community.see', viewOf(c, p.id))).map((c) => c.id),
    surveys: w.surveys.filter((s) => surveyOpenTo(s, p.groupIds, now)).map((s) => s.id),
    opensFeed,
    opensCommunity,
  };
}

/** Ids of the world's rows a statement over `from` admits under `where`. */
async function admitted(from: SQL, idColumn: SQL, ids: number[], where: SQL | undefined): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select ${idColumn} as id from ${from} where ${idColumn} = any(${idList(ids)}) and ${where ?? sql`true`}`,
  );
  return sorted(rows.map((r) => r.id));
}

/** (a) Each SQL predicate admits, for each viewer, what its pure rule says. */
async function checkPredicates(w: World) {
  const now = w.now;
  const postIds = [...w.feedPosts, ...w.communityPosts].map((p) => p.id);
  const peopleIds = w.people.map((p) => p.id);
  for (const p of w.people) {
    const viewer: Actor = { id: p.id, roleId: p.roleId };
    const expected = pure(w, p, now);
    // Both kinds of post are offered to each predicate: neither may admit the other kind.
    expect(
      await admitted(sql`feed_posts`, sql`feed_posts.id`, postIds, feedPostSeen(viewer, now)),
      `feedPostSeen, ${who(p)}`,
    ).toEqual(sorted(expected.feedPosts));
    expect(
      await admitted(POSTS_WITH_COMMUNITY, sql`feed_posts.id`, postIds, communityPostSeen(viewer, now)),
      `communityPostSeen, ${who(p)}`,
    ).toEqual(sorted(expected.communityPosts));
    // Reach's "opens it now": what the viewer may open, and only published (a content administrator's look
    // at a draft is not reach).
    const published = new Set(
      [...w.feedPosts, ...w.communityPosts].filter((x) => x.stateId === STATE.PUBLISHED).map((x) => x.id),
    );
    expect(
      await admitted(POSTS_WITH_COMMUNITY, sql`feed_posts.id`, postIds, opensNow(viewer, now)),
      `opensNow, ${who(p)}`,
    ).toEqual(sorted([...expected.feedPosts, ...expected.communityPosts].filter((id) => published.has(id))));
    expect(
      await admitted(
        sql`communities`,
        sql`communities.id`,
        w.communities.map((c) => c.id),
        communityVisibleTo(viewer),
      ),
      `communityVisibleTo, ${who(p)}`,
    ).toEqual(sorted(expected.communities));
    expect(
      await admitted(
        sql`surveys`,
        sql`surveys.id`,
        w.surveys.map((s) => s.id),
        openTo(p.id, now),
      ),
      `openTo, ${who(p)}`,
    ).toEqual(sorted(expected.surveys));
  }

  // The u-forms (recipients.ts): the same rules judged for every person at once, as the fan-out and reach do.
  for (const post of w.feedPosts) {
    const readers = await admitted(sql`users u`, sql`u.id`, peopleIds, readsPost(post.id, now));
    const expected = w.people.filter((p) => pure(w, p, now).opensFeed(post)).map((p) => p.id);
    expect(readers, `readsPost(feed post ${post.id})`).toEqual(sorted(expected));
  }
  for (const post of w.communityPosts) {
    const readers = await admitted(sql`users u`, sql`u.id`, peopleIds, readsPost(post.id, now));
    const expected = w.people.filter((p) => pure(w, p, now).opensCommunity(post)).map((p) => p.id);
    expect(readers, `readsPost(community post ${post.id})`).toEqual(sorted(expected));
  }
  for (const c of w.communities) {
    const seers = await admitted(sql`users u`, sql`u.id`, peopleIds, seesCommunitySql(sql`${c.id}::int`));
    const expected = w.people.filter((p) => can(p, 'community.see', viewOf(c, p.id))).map((p) => p.id);
    expect(seers, `seesCommunitySql(community ${c.id})`).toEqual(sorted(expected));
  }

  const addressed = (post: FeedPostRow | CommunityPostRow, p: Person) => {
    if ('audience' in post) return isAddressedTo(p, { ...post, kind: 'feed' }, now);
    const c = communityOf(w, post);
    return isAddressedTo(p, { ...post, kind: 'community', community: c ? viewOf(c, p.id) : null }, now);
  };
  const pairs = await queryRows<{ post: number; person: number }>(
    t.db,
    sql`select feed_posts.id as post, u.id as person from feed_posts join users u on u.id = any(${idList(peopleIds)})
      where feed_posts.id = any(${idList(postIds)}) and ${addressedTo(U_ID, now)}`,
  );
  const key = (post: number, person: number) => `${post}:${person}`;
  const expectedPairs = [...w.feedPosts, ...w.communityPosts].flatMap((post) =>
    w.people.filter((p) => addressed(post, p)).map((p) => key(post.id, p.id)),
  );
  expect(pairs.map((r) => key(r.post, r.person)).sort(), 'addressedTo(u.id)').toEqual(expectedPairs.sort());
  for (const post of [...w.feedPosts, ...w.communityPosts]) {
    // audienceOf: the colleagues addressed (only colleagues are told anything); the pool's author and its
    // unused people are outside the world and left out here.
    const rows = await queryRows<{ id: number }>(t.db, audienceOf(post.id, now));
    const inWorld = rows.map((r) => r.id).filter((id) => peopleIds.includes(id));
    const expected = w.people.filter((p) => colleagueRow(p) && addressed(post, p)).map((p) => p.id);
    expect(sorted(inWorld), `audienceOf(post ${post.id})`).toEqual(sorted(expected));
  }
}

/** Every page of a keyset list, following `next`. */
async function allPages<T>(
  s: Session,
  url: string,
  pick: (data: never) => { items: T[]; next: string | null },
) {
  const items: T[] = [];
  let next: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res = await t.get(next === null ? url : `${url}&next=${encodeURIComponent(next)}`, s);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const got = pick(res.json().data as never);
    items.push(...got.items);
    next = got.next;
    if (next === null) return items;
  }
  throw new Error(`${url}: more than 20 pages`);
}

const search = (s: Session, word: string, kind: string) =>
  allPages<SearchHit>(
    s,
    `/v1/api/search?q=${word}&kind=${kind}`,
    (d: { hits: SearchHit[]; next: string | null }) => ({
      items: d.hits,
      next: d.next,
    }),
  );

/** The mark search gives a post or survey outside its window (search/kind-spec.ts `windowStatus`). */
function statusOf(
  x: { stateId: number; isActive?: boolean; startAt: Date | null; endAt: Date | null },
  now: Date,
) {
  if (x.stateId !== STATE.PUBLISHED || x.isActive === false) return 'draft';
  if (x.startAt === null || x.startAt > now) return 'scheduled';
  if (x.endAt !== null && x.endAt <= now) return 'ended';
  return null;
}

/** (b) Every surface answers each viewer what the pure rules say (or states why it answers less). */
async function checkSurfaces(w: World) {
  // The real clock, a moment after the world's `now`: windows are a day away from it or on its edges
  // (which it has passed either way), so the rules judge them alike at both.
  const now = new Date();
  const sessions = new Map(pool().map((s) => [s.user.id, s]));
  const ofWorld = (ids: number[], rows: { id: number }[]) =>
    sorted(rows.map((r) => r.id).filter((id) => ids.includes(id)));
  const feedIds = w.feedPosts.map((p) => p.id);
  const communityPostIds = w.communityPosts.map((p) => p.id);
  const peopleIds = w.people.map((p) => p.id);
  const colleagues = w.people.filter(colleagueRow).map((p) => p.id);

  for (const p of w.people) {
    const s = sessions.get(p.id);
    if (!s) throw new Error(`no session for ${p.id}`);
    if (!p.isActive) {
      // A deactivated person is refused before any rule is asked (platform/auth/guards.ts).
      expect((await t.get('/v1/api/newsfeed', s)).statusCode, `inactive ${who(p)}`).toBe(401);
      continue;
    }
    // An unproven person cannot log in, but the guard does not ask (it checks the active flag and the
    // session), and what a viewer may open depends on role and groups only: a session held while
    // unverified is checked like any other, so no surface may lean on verification for reading.
    const expected = pure(w, p, now);
    const label = (surface: string) => `${surface}, ${who(p)}`;

    // The feed: live feed posts for an audience that includes the viewer, for every role. Unlike a post's
    // page and search, it is no place for drafts or posts outside their window, even for content
    // administrators (feed/queries.ts reads `visibleTo`, not `feedPostSeen`).
    const feed = await allPages<{ id: number }>(
      s,
      '/v1/api/newsfeed?limit=50',
      (d: { posts: { id: number }[]; next: string | null }) => ({
        items: d.posts,
        next: d.next,
      }),
    );
    const liveForMe = w.feedPosts.filter((x) => isLive(x, now) && inAudience(x.audience, p.groupIds));
    expect(ofWorld(feedIds, feed), label('GET /newsfeed')).toEqual(sorted(liveForMe.map((x) => x.id)));

    // Each post's page: 200 exactly for what the viewer may open; the other kind's page never opens it.
    for (const x of [...w.feedPosts, ...w.communityPosts]) {
      const isFeed = feedIds.includes(x.id);
      const feedPage = await t.get(`/v1/api/newsfeed/${x.id}`, s);
      expect(feedPage.statusCode, label(`GET /newsfeed/${x.id}`)).toBe(
        isFeed && expected.feedPosts.includes(x.id) ? 200 : 404,
      );
      const communityPage = await t.get(`/v1/api/community-posts/${x.id}`, s);
      expect(communityPage.statusCode, label(`GET /community-posts/${x.id}`)).toBe(
        !isFeed && expected.communityPosts.includes(x.id) ? 200 : 404,
      );
    }

    // Search for the world's word: what the viewer may open; drafts and posts outside their window come only
    // to those who may open them (content administrators, a community's managers), marked.
    const posts = await search(s, w.word, 'posts');
    expect(ofWorld(feedIds, posts), label('search posts')).toEqual(sorted(expected.feedPosts));
    const communityPosts = await search(s, w.word, 'communityPosts');
    expect(ofWorld(communityPostIds, communityPosts), label('search communityPosts')).toEqual(
      sorted(expected.communityPosts),
    );
    for (const hit of [...posts, ...communityPosts]) {
      const x = [...w.feedPosts, ...w.communityPosts].find((y) => y.id === hit.id);
      if (x) expect(hit.status, label(`search mark of post ${x.id}`)).toBe(statusOf(x, now));
    }
    const communities = await search(s, w.word, 'communities');
    expect(
      ofWorld(
        w.communities.map((c) => c.id),
        communities,
      ),
      label('search communities'),
    ).toEqual(sorted(expected.communities));
    // Surveys: staff find those open to them; whoever manages surveys finds every one (search/kinds/surveys.ts),
    // marked when not open: managing is not answering, so `openTo` stays the answering rule.
    const surveys = await search(s, w.word, 'surveys');
    const surveysExpected = can(p, 'survey.manage') ? w.surveys.map((x) => x.id) : expected.surveys;
    expect(
      ofWorld(
        w.surveys.map((x) => x.id),
        surveys,
      ),
      label('search surveys'),
    ).toEqual(sorted(surveysExpected));

    // People: colleagues only (access/people.ts), for every viewer, administrators included: the directory
    // lists colleagues; administrators manage the others in the users list, not here.
    const people = await search(s, w.word, 'people');
    expect(ofWorld(peopleIds, people), label('search people')).toEqual(sorted(colleagues));
    const directory = await allPages<{ id: number }>(
      s,
      `/v1/api/people?q=${w.word}&limit=2`,
      (d: { people: { id: number }[]; next: string | null }) => ({
        items: d.people,
        next: d.next,
      }),
    );
    expect(ofWorld(peopleIds, directory), label('GET /people')).toEqual(sorted(colleagues));
    // A person's page: colleagues to everyone; a deactivated or unproven person only to administrators
    // (policy `person.seeInactive`), to others as if they did not exist.
    for (const q of w.people) {
      const res = await t.get(`/v1/api/people/${q.id}`, s);
      const opens = colleagueRow(q) || can(p, 'person.seeInactive');
      expect(res.statusCode, label(`GET /people/${q.id} of ${who(q)}`)).toBe(opens ? 200 : 404);
    }

    // Suggestions: the first few of each kind's results, never anything the results page would not show.
    const suggest = await t.get(`/v1/api/search/suggest?q=${w.word}`, s);
    expect(suggest.statusCode, label('suggest')).toBe(200);
    const groups: { kind: string; hits: SearchHit[] }[] = suggest.json().data.groups;
    const suggested = (kind: string) => groups.find((g) => g.kind === kind)?.hits ?? [];
    const shouldSuggest: [string, number[]][] = [
      ['posts', expected.feedPosts],
      ['communityPosts', expected.communityPosts],
      ['communities', expected.communities],
      ['surveys', surveysExpected],
      ['people', colleagues],
    ];
    for (const [kind, allowed] of shouldSuggest) {
      const ids = suggested(kind).map((h) => h.id);
      for (const id of ids) expect(allowed, label(`suggested ${kind} ${id}`)).toContain(id);
      expect(ids.length, label(`suggestions of ${kind}`)).toBe(
        Math.min(allowed.length, SEARCH_LIMITS.suggestPerKind),
      );
    }
  }
}

describe('who sees what: the pure rules, their SQL and every surface agree', () => {
  it('for generated worlds of people, communities, posts and surveys', { timeout: 600_000 }, async () => {
    let previous: World | undefined;
    await fc.assert(
      fc.asyncProperty(worldArb, async (spec) => {
        const world = await buildWorld(t.db, spec, {
          poolIds: pool().map((s) => s.user.id),
          authorId: t.users.author.user.id,
          previous,
        });
        previous = world;
        await checkPredicates(world);
        await checkSurfaces(world);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});
