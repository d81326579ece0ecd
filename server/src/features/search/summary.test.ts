// @engine: trigram similarity, ts_stat and the counts' plans
// A search's summary (issue 33): each kind's count of what the caller may open, capped, with the filters
// every tab keeps; "Did you mean" from the words of the searchable texts, offered only when it finds more
// for the caller; the hourly refresh's job; and the refusals (400, 401, 403).
import {
  MSG,
  ROLE,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type SearchSummary,
  STATE,
  VISIBILITY,
} from '@hearth/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { OTHER_ROLE, useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { feedComments } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { COUNT_CANDIDATES } from './search';
import { refreshSearchWords, respell } from './spelling';
import { createComment, createMessage } from './test-support';

const t = useTestApp({
  groups: ['here'],
  users: { admin: ROLE.ADMIN, staff: { worksIn: 'here' }, other: OTHER_ROLE },
});
const { admin, staff, other } = t.users;
const DAY = 24 * 3600 * 1000;

const ids: Record<string, number> = {};

async function summary(q: string, as = staff, extra: Record<string, string> = {}) {
  const res = await t.get(`/v1/api/search/summary?${new URLSearchParams({ q, ...extra })}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SearchSummary }).data;
}

const countsOf = (s: SearchSummary) => Object.fromEntries(s.counts.map((c) => [c.kind, c.count]));

beforeAll(async () => {
  const author = await createUser(t.db, { firstName: 'Margaret', lastName: 'Hollowell' });
  ids.author = author.id;
  ids.launch = (
    await createPost(t.db, author.id, {
      title: 'Hearth is live',
      subtitle: 'Our new intranet',
      text: '<p>Read the news on Hearth</p>',
      startAt: new Date(Date.now() - 2 * DAY),
    })
  ).id;
  await createPost(t.db, staff.user.id, { title: 'Hearth tips', startAt: new Date(Date.now() - DAY) });
  // A word only a draft holds, and one only a private community holds: staff may open neither.
  await createPost(t.db, author.id, { title: 'Marmalade budget', stateId: STATE.DRAFT });
  const secret = await createCommunity(t.db, {
    createdById: admin.user.id,
    managerIds: [admin.user.id],
    visibilityId: VISIBILITY.PRIVATE,
    title: 'Quillback planning',
  });
  await createMessage(t.db, secret.id, admin.user.id, 'Quillback timeline agreed');
  // More comments than a tab counts, one word in common.
  await t.db.insert(feedComments).values(
    Array.from({ length: SEARCH_LIMITS.countUpTo + 5 }, (_, i) => ({
      postId: ids.launch as number,
      userId: staff.user.id,
      content: `Applause number ${i}`,
    })),
  );
  await refreshSearchWords(t.db);
});

describe('search summary: counts', () => {
  it("counts each kind's results the caller may open", async () => {
    const s = await summary('hearth');
    expect(s.counts.map((c) => c.kind)).toEqual([...SEARCH_KINDS]);
    expect(countsOf(s)).toMatchObject({ posts: 2, comments: 0, communities: 0, people: 0, messages: 0 });
    expect(s.counts.every((c) => !c.more)).toBe(true);
    expect(s.didYouMean).toBeNull();
  });

  it('counts up to the limit and says there are more', async () => {
    const s = await summary('applause');
    expect(s.counts.find((c) => c.kind === 'comments')).toEqual({
      kind: 'comments',
      count: SEARCH_LIMITS.countUpTo,
      more: true,
    });
  });

  it('counts what the caller may open: a draft and a private community count for administrators only', async () => {
    expect(countsOf(await summary('marmalade'))).toMatchObject({ posts: 0 });
    expect(countsOf(await summary('marmalade', admin))).toMatchObject({ posts: 1 });
    expect(countsOf(await summary('quillback'))).toMatchObject({ communities: 0, messages: 0 });
    expect(countsOf(await summary('quillback', admin))).toMatchObject({ communities: 1, messages: 1 });
  });

  it('counts a kind past its shared matches directly: many matches, few the caller may open', async () => {
    // More comments than the shared matches hold, all on a draft staff may not open, and two they may.
    const draft = await createPost(t.db, admin.user.id, { title: 'Unpublished', stateId: STATE.DRAFT });
    await t.db.insert(feedComments).values(
      Array.from({ length: COUNT_CANDIDATES + 20 }, (_, i) => ({
        postId: draft.id,
        userId: admin.user.id,
        content: `Kumquat note ${i}`,
      })),
    );
    // On a post made after the draft, so its comments come after the draft's in any order the plan reads.
    const open = await createPost(t.db, admin.user.id, { title: 'Fruit market' });
    await createComment(t.db, open.id, staff.user.id, 'Kumquat season');
    await createComment(t.db, open.id, staff.user.id, 'Kumquat jam');
    expect((await summary('kumquat')).counts.find((c) => c.kind === 'comments')).toEqual({
      kind: 'comments',
      count: 2,
      more: false,
    });
    expect((await summary('kumquat', admin)).counts.find((c) => c.kind === 'comments')).toMatchObject({
      count: SEARCH_LIMITS.countUpTo,
      more: true,
    });
  });

  it('applies the author and date filters, as the pages do', async () => {
    expect(countsOf(await summary('hearth', staff, { authorId: String(ids.author) }))).toMatchObject({
      posts: 1,
    });
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);
    expect(countsOf(await summary('hearth', staff, { from: yesterday }))).toMatchObject({ posts: 1 });
  });

  it('counts nothing for a text of only excluded words', async () => {
    const s = await summary('-hearth');
    expect(s.counts.every((c) => c.count === 0 && !c.more)).toBe(true);
  });
});

describe('search summary: did you mean', () => {
  it('offers the closest known word for a typo, keeping the rest of the text', async () => {
    const s = await summary('hearht');
    expect(countsOf(s).posts).toBe(0);
    expect(s.didYouMean).toBe('hearth');
    // Written as it was typed: a capital first letter, or all capitals.
    expect((await summary('"Hearht tips"')).didYouMean).toBe('"Hearth tips"');
    expect(await respell(t.db, 'HEARHT')).toBe('HEARTH');
    // A known word's start is a prefix, found as typed.
    expect((await summary('Hollowel')).didYouMean).toBeNull();
    // A name with a typo is found as typed (people match by similarity): nothing better to offer.
    expect(await respell(t.db, 'hollwell')).toBe('hollowell');
    expect((await summary('hollwell')).didYouMean).toBeNull();
    expect(countsOf(await summary('hollwell')).people).toBe(1);
  });

  it('never offers a word only content the caller may not open holds', async () => {
    // The draft's and the private community's words are in the list...
    expect(await respell(t.db, 'marmelade')).toBe('marmalade');
    expect(await respell(t.db, 'quilback')).toBe('quillback');
    // ...and offered to those who find something with them, not to staff.
    expect((await summary('marmelade')).didYouMean).toBeNull();
    expect((await summary('quilback')).didYouMean).toBeNull();
    expect((await summary('marmelade', admin)).didYouMean).toBe('marmalade');
    expect((await summary('quilback', admin)).didYouMean).toBe('quillback');
  });

  it('leaves short words, words with digits and words with nothing close as typed', async () => {
    expect(await respell(t.db, 'hrt')).toBeNull();
    expect(await respell(t.db, 'hearht2026')).toBeNull();
    expect(await respell(t.db, 'zzzzqqqq')).toBeNull();
  });

  it("keeps the list to the searchable texts' words: a deleted post's words go at the next refresh", async () => {
    const post = await createPost(t.db, staff.user.id, { title: 'Xylograph exhibition' });
    await refreshSearchWords(t.db);
    expect(await respell(t.db, 'xylogarph')).toBe('xylograph');
    await t.db.execute(sql`delete from feed_posts where id = ${post.id}`);
    await refreshSearchWords(t.db);
    expect(await respell(t.db, 'xylogarph')).toBeNull();
  });

  it('fills the list at start, by a job, when it is empty', async () => {
    await t.db.execute(sql`delete from search_words`);
    await t.app.jobs.send('searchWords', {});
    t.app.jobs.wake('searchWords');
    await expect
      .poll(
        async () =>
          (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from search_words`))[0]?.n,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
  });
});

describe('search summary: refusals', () => {
  it('answers 400 for no text, too long a text and dates out of order, and changes nothing', async () => {
    const empty = await t.get('/v1/api/search/summary?q=', staff);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(MSG.searchRequired);
    const long = await t.get(`/v1/api/search/summary?q=${'a'.repeat(SEARCH_LIMITS.maxLength + 1)}`, staff);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(MSG.searchQueryTooLong);
    const dates = await t.get('/v1/api/search/summary?q=hearth&from=2026-02-02&to=2026-02-01', staff);
    expect(dates.statusCode).toBe(400);
    expect(dates.body).toContain(MSG.searchDateOrder);
    expect((await t.get('/v1/api/search/summary?q=hearth&authorId=abc', staff)).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 to a role that does not search', async () => {
    expect((await t.get('/v1/api/search/summary?q=hearth')).statusCode).toBe(401);
    expect((await t.get('/v1/api/search/summary?q=hearth', other)).statusCode).toBe(403);
  });
});
