// @engine: cache cleared over the event bus (LISTEN/NOTIFY)
// Search through the shared matches cache (match-cache.ts, ADR 035), over HTTP on a real database: what one
// viewer's search cached never shows another viewer what they may not open, and what changes after it was
// cached shows at once: visibility and marks (read with every answer), and edits (the change counter,
// even on an instance that has not yet heard of the edit on the event bus).
import { DEFAULT_PROFILE_FIELDS, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { communityMembers, feedPosts, userGroups, users } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { MatchCache, matchCacheOf } from './match-cache';
import { PAGE_CANDIDATES, suggest } from './search';
import { createMessage, idsOf, type SearchAnswer, type SuggestAnswer, searchUrl } from './test-support';

const t = useTestApp({
  groups: ['here', 'there'],
  users: { admin: ROLE.ADMIN, staff: { worksIn: 'here' } },
});
const { admin, staff } = t.users;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

async function page(q: string, kind: Parameters<typeof searchUrl>[1], as = staff) {
  const res = await t.get(searchUrl(q, kind), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
}

async function suggested(q: string, kind: string, as = staff) {
  const res = await t.get(`/v1/api/search/suggest?q=${encodeURIComponent(q)}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SuggestAnswer).data.groups.find((g) => g.kind === kind)?.hits ?? [];
}

afterEach(() => vi.restoreAllMocks());

/**
 * Runs `write` and waits until the event bus has told this instance that something searchable changed:
 * on PostgreSQL that message arrives a moment after the commit, and drops whatever was cached meanwhile.
 */
async function heardOf<T>(write: () => Promise<T>): Promise<T> {
  let heard = false;
  const unsubscribe = t.app.events.subscribe((msg) => {
    if (msg.searchChanged) heard = true;
  });
  try {
    const done = await write();
    await vi.waitFor(() => expect(heard).toBe(true));
    return done;
  } finally {
    unsubscribe();
  }
}

describe('search through the shared matches', () => {
  it('shows each viewer only what they may open now, whoever cached the matches', async () => {
    const post = await heardOf(() =>
      createPost(t.db, admin.user.id, { title: 'Quokkaparade plans', stateId: STATE.DRAFT }),
    );
    // The administrator's search caches the matches, the draft among them.
    expect((await page('quokkaparade', 'posts', admin)).data.hits).toMatchObject([
      { id: post.id, status: 'draft' },
    ]);
    expect((await suggested('quokkapar', 'posts', admin)).map((h) => h.id)).toEqual([post.id]);
    const cached = matchCacheOf(t.db).size;
    expect(idsOf(await page('quokkaparade', 'posts'))).toEqual([]);
    expect(await suggested('quokkapar', 'posts')).toEqual([]);
    expect(matchCacheOf(t.db).size).toBe(cached);

    // Published: no text changed, the cached matches still hold, and staff find it at once, unmarked.
    await t.db.update(feedPosts).set({ stateId: STATE.PUBLISHED }).where(eq(feedPosts.id, post.id));
    expect((await page('quokkaparade', 'posts')).data.hits).toMatchObject([{ id: post.id, status: null }]);
    expect((await suggested('quokkapar', 'posts')).map((h) => h.id)).toEqual([post.id]);
    expect((await page('quokkaparade', 'posts', admin)).data.hits).toMatchObject([
      { id: post.id, status: null },
    ]);
  });

  it("follows a private community's members at once", async () => {
    const community = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      title: 'Wombatguild',
    });
    const message = await createMessage(t.db, community.id, admin.user.id, 'Wombatguild meets on Friday');
    expect(idsOf(await page('wombatguild', 'messages', admin))).toEqual([message.id]);
    expect(idsOf(await page('wombatguild', 'messages'))).toEqual([]);
    await t.db.insert(communityMembers).values({ communityId: community.id, userId: staff.user.id });
    expect(idsOf(await page('wombatguild', 'messages'))).toEqual([message.id]);
    expect(idsOf(await page('wombatguild', 'communities'))).toEqual([community.id]);
    await t.db.delete(communityMembers).where(eq(communityMembers.userId, staff.user.id));
    expect(idsOf(await page('wombatguild', 'messages'))).toEqual([]);
  });

  it('marks a scheduled post by the clock of each answer, not of the cached one', async () => {
    const now = new Date();
    const post = await createPost(t.db, admin.user.id, {
      title: 'Numbatfestival',
      startAt: new Date(now.getTime() + HOUR),
    });
    const viewer = { id: admin.user.id, roleId: ROLE.ADMIN };
    const hitsAt = async (at: Date) =>
      (await suggest(t.db, viewer, DEFAULT_PROFILE_FIELDS, 'numbatfest', at)).groups.find(
        (g) => g.kind === 'posts',
      )?.hits;
    expect(await hitsAt(now)).toMatchObject([{ id: post.id, status: 'scheduled' }]);
    expect(await hitsAt(new Date(now.getTime() + 2 * HOUR))).toMatchObject([{ id: post.id, status: null }]);
    const staffViewer = { id: staff.user.id, roleId: ROLE.STAFF };
    expect(
      (await suggest(t.db, staffViewer, DEFAULT_PROFILE_FIELDS, 'numbatfest', now)).groups[0]?.hits,
    ).toEqual([]);
    expect(
      (
        await suggest(
          t.db,
          staffViewer,
          DEFAULT_PROFILE_FIELDS,
          'numbatfest',
          new Date(now.getTime() + 2 * HOUR),
        )
      ).groups[0]?.hits,
    ).toMatchObject([{ id: post.id }]);
  });

  it('reads the matches again after an edit, even where the news of it has not arrived', async () => {
    const post = await createPost(t.db, admin.user.id, { title: 'Bilbyrace results' });
    expect((await page('bilbyrace', 'posts')).data.hits).toMatchObject([
      { id: post.id, title: 'Bilbyrace results' },
    ]);
    // Another instance: the event bus's message has not reached it, so only the change counter tells.
    const clear = vi.spyOn(MatchCache.prototype, 'clear').mockImplementation(() => {});
    await t.db.update(feedPosts).set({ title: 'Bilbyrace final results' }).where(eq(feedPosts.id, post.id));
    expect((await page('bilbyrace', 'posts')).data.hits).toMatchObject([
      { id: post.id, title: 'Bilbyrace final results' },
    ]);
    await createPost(t.db, admin.user.id, { title: 'Bilbyrace photos' });
    expect((await page('bilbyrace', 'posts')).data.hits).toHaveLength(2);
    await vi.waitFor(() => expect(clear).toHaveBeenCalled());
  });

  it('drops the cached matches when the event bus says something searchable changed', async () => {
    await heardOf(() => createPost(t.db, admin.user.id, { title: 'Dugongdance' }));
    await page('dugongdance', 'posts');
    expect(matchCacheOf(t.db).size).toBeGreaterThan(0);
    await heardOf(() => createPost(t.db, admin.user.id, { title: 'Something else' }));
    expect(matchCacheOf(t.db).size).toBe(0);
  });

  it('pages past the cached matches by searching the rest directly, every match once', async () => {
    const count = PAGE_CANDIDATES + 30;
    const at = Date.now() - DAY;
    await t.db.insert(feedPosts).values(
      Array.from({ length: count }, (_, i) => ({
        title: `Kiwiflood ${i}`,
        subtitle: i % 3 ? 'kiwiflood again' : 'once',
        text: '<p>Body</p>',
        userId: admin.user.id,
        stateId: STATE.PUBLISHED,
        startAt: new Date(at - i * 60_000),
        endAt: new Date(at + 30 * DAY),
      })),
    );
    for (const sort of ['relevance', 'date']) {
      const seen: number[] = [];
      let next: string | null = null;
      do {
        const res = await t.get(searchUrl('kiwiflood', 'posts', { sort, ...(next ? { next } : {}) }), staff);
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json() as SearchAnswer;
        seen.push(...idsOf(answer));
        next = answer.data.next;
      } while (next);
      expect(seen).toHaveLength(count);
      expect(new Set(seen).size).toBe(count);
    }
  });

  it('finds the few matches a viewer may open among many they may not', async () => {
    const there = [t.groups.there.location.id, t.groups.there.department.id];
    for (let i = 0; i < 200; i++)
      await createPost(t.db, admin.user.id, { title: `Emuflock ${i}`, groupIds: there });
    const mine: number[] = [];
    for (let i = 0; i < 4; i++)
      mine.push((await createPost(t.db, admin.user.id, { title: `Emuflock ${i} here` })).id);
    const staffPage = await page('emuflock', 'posts');
    expect(idsOf(staffPage).sort()).toEqual(mine.sort());
    expect(staffPage.data.next).toBeNull();
    expect((await suggested('emuflo', 'posts')).every((h) => mine.includes(h.id))).toBe(true);
    expect(idsOf(await page('emuflock', 'posts', admin))).toHaveLength(20);
  });

  it('is told only of writes that change what it shows: not a sign-in that sets the same names and groups', async () => {
    const changes = async () =>
      (await queryRows<{ n: string }>(t.db, sql`select last_value::text as n from search_changes`))[0]?.n;
    const [me] = await t.db.select().from(users).where(eq(users.id, staff.user.id));
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.userId, staff.user.id));
    if (!me || !group) throw new Error('staff has no row or group');
    const before = await changes();
    // What a sign-in through the company's provider writes when nothing changed there (sso/provision.ts).
    await t.db
      .update(users)
      .set({ firstName: me.firstName, lastName: me.lastName, lastLoggedInAt: new Date() })
      .where(eq(users.id, me.id));
    await t.db.insert(userGroups).values(group).onConflictDoNothing();
    await t.db.delete(userGroups).where(eq(userGroups.userId, -1));
    await t.db.update(feedPosts).set({ isFeatured: true }).where(eq(feedPosts.id, -1));
    expect(await changes()).toBe(before);
    await t.db
      .update(users)
      .set({ lastName: `${me.lastName}-Renamed` })
      .where(eq(users.id, me.id));
    expect(await changes()).not.toBe(before);
    await t.db.update(users).set({ lastName: me.lastName }).where(eq(users.id, me.id));
  });
});
