// @engine: text search, unaccent and trigram
// Global search over HTTP on a real database: each kind, the query syntax (phrases, OR, -word, prefixes),
// accents, names with typos, snippets, filters, sorting, keyset paging, the index following writes, and
// the refusals (400, 401, 403). What each caller may not find is visibility-matrix.test.ts.
import { MSG, ROLE, STATE } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { OTHER_ROLE, useTestApp } from '../../../test/use-test-app';
import { feedPosts } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createCategory, createPost, feedPostForm } from '../feed/test-support';
import { createSurvey } from '../surveys/test-support';
import {
  createComment,
  createMessage,
  idsOf,
  type SearchAnswer,
  type SuggestAnswer,
  searchUrl,
} from './test-support';

const t = useTestApp({
  groups: ['here'],
  users: { admin: ROLE.ADMIN, editor: ROLE.EDITOR, staff: { worksIn: 'here' }, other: OTHER_ROLE },
});
const { admin, staff, editor, other } = t.users;

const ids: Record<string, number> = {};
const DAY = 24 * 3600 * 1000;

async function search(q: string, kind: Parameters<typeof searchUrl>[1], extra = {}, as = staff) {
  const res = await t.get(searchUrl(q, kind, extra), as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
}

beforeAll(async () => {
  const author = await createUser(t.db, {
    firstName: 'Margaret',
    lastName: 'Søderberg',
    jobTitle: 'Payroll officer',
  });
  ids.margaret = author.id;
  ids.zoe = (await createUser(t.db, { firstName: 'Zoë', lastName: 'Quillfeather' })).id;
  ids.pumpkinTitle = (
    await createPost(t.db, author.id, {
      title: 'Pumpkin harvest festival',
      subtitle: 'Autumn celebrations',
      text: '<p>Bring a <strong>lantern</strong> &amp; warm boots</p>',
      startAt: new Date(Date.now() - 3 * DAY),
    })
  ).id;
  ids.pumpkinBody = (
    await createPost(t.db, staff.user.id, {
      title: 'Canteen menu',
      subtitle: 'This week',
      text: '<p>Soup of the day: pumpkin. Dessert: crème brûlée</p>',
      startAt: new Date(Date.now() - 2 * DAY),
    })
  ).id;
  ids.quarterly = (
    await createPost(t.db, author.id, {
      title: 'Quarterly results',
      subtitle: 'Revenue grew',
      text: '<p>The revenue grew in every region</p>',
    })
  ).id;
  const community = await createCommunity(t.db, {
    createdById: admin.user.id,
    managerIds: [admin.user.id],
    title: 'Birdwatchers club',
    description: 'Owls, herons and kingfishers',
  });
  ids.community = community.id;
  ids.communityPost = (
    await createPost(t.db, admin.user.id, {
      kind: 2,
      communityId: community.id,
      title: 'Heron spotted',
      subtitle: 'By the lake',
      text: '<p>A grey heron</p>',
    })
  ).id;
  ids.comment = (
    await createComment(t.db, ids.quarterly, staff.user.id, 'Impressive xylophone of numbers')
  ).id;
  ids.message = (
    await createMessage(t.db, community.id, staff.user.id, 'Anyone seen the kingfisher today?')
  ).id;
  ids.survey = (
    await createSurvey(t.db, admin.user.id, { title: 'Commute habits', description: 'How do you travel' })
  ).id;
  // Thirty posts for paging, one word in common.
  for (let i = 0; i < 30; i++)
    await createPost(t.db, author.id, {
      title: `Zephyrline update ${i}`,
      subtitle: i % 2 ? 'odd' : 'even',
      startAt: new Date(Date.now() - (10 + i) * 3600 * 1000),
    });
});

describe('search finds every kind', () => {
  it('finds feed posts by title over body, with a highlighted snippet of text, not HTML', async () => {
    const page = await search('pumpkin', 'posts');
    expect(idsOf(page)).toEqual([ids.pumpkinTitle, ids.pumpkinBody]);
    const body = page.data.hits[1];
    expect(body?.snippet?.text).toContain('pumpkin');
    const [start, end] = body?.snippet?.marks[0] ?? [0, 0];
    expect(body?.snippet?.text.slice(start, end).toLowerCase()).toBe('pumpkin');
    expect(page.data.hits[0]?.snippet?.text).not.toMatch(/<|&amp;/);
    expect(page.data.hits[0]?.author).toMatchObject({ id: ids.margaret, firstName: 'Margaret' });
    // Tag names are not words of the post.
    expect(idsOf(await search('strong', 'posts'))).toEqual([]);
    expect(idsOf(await search('lantern', 'posts'))).toEqual([ids.pumpkinTitle]);
  });

  it('finds community posts, comments, discussion messages, communities, people and surveys', async () => {
    expect(idsOf(await search('heron', 'communityPosts'))).toEqual([ids.communityPost]);
    const comments = await search('xylophone', 'comments');
    expect(idsOf(comments)).toEqual([ids.comment]);
    expect(comments.data.hits[0]).toMatchObject({
      title: 'Quarterly results',
      post: { id: ids.quarterly, isCommunityPost: false },
    });
    const messages = await search('kingfisher', 'messages');
    expect(idsOf(messages)).toEqual([ids.message]);
    expect(messages.data.hits[0]?.community).toEqual({ id: ids.community, title: 'Birdwatchers club' });
    expect(idsOf(await search('kingfishers', 'communities'))).toEqual([ids.community]);
    expect(idsOf(await search('commute', 'surveys'))).toEqual([ids.survey]);
    const people = await search('payroll', 'people');
    expect(people.data.hits[0]).toMatchObject({ id: ids.margaret, title: 'Margaret Søderberg' });
    expect(people.data.hits[0]?.person).toMatchObject({ jobTitle: 'Payroll officer' });
  });

  it('suggests a few of each kind, taking what was typed as prefixes', async () => {
    const res = await t.get(`/v1/api/search/suggest?q=${encodeURIComponent('kingf')}`, staff);
    expect(res.statusCode).toBe(200);
    const groups = Object.fromEntries(
      (res.json() as SuggestAnswer).data.groups.map((g) => [g.kind, g.hits.map((h) => h.id)]),
    );
    expect(groups.messages).toEqual([ids.message]);
    expect(groups.communities).toEqual([ids.community]);
    expect(groups.posts).toEqual([]);
    const many = (await t.get('/v1/api/search/suggest?q=zephyrline', staff)).json() as SuggestAnswer;
    expect(many.data.groups.find((g) => g.kind === 'posts')?.hits).toHaveLength(3);
  });

  it('still requires a short last prefix that the index leaves to the filter', async () => {
    // "pumpkin har": the index finds "pumpkin" (two posts), the whole query keeps the harvest festival.
    const postsOf = async (q: string) => {
      const res = await t.get(`/v1/api/search/suggest?q=${encodeURIComponent(q)}`, staff);
      expect(res.statusCode).toBe(200);
      return (res.json() as SuggestAnswer).data.groups.find((g) => g.kind === 'posts')?.hits.map((h) => h.id);
    };
    expect(await postsOf('pumpkin har')).toEqual([ids.pumpkinTitle]);
    expect((await postsOf('pumpkin')) ?? []).toHaveLength(2);
    expect(await postsOf('pumpkin xyq')).toEqual([]);
  });
});

describe('query syntax', () => {
  it('matches prefixes of every word', async () => {
    expect(idsOf(await search('pump harv', 'posts'))).toEqual([ids.pumpkinTitle]);
  });

  it('matches a quoted phrase only in that order', async () => {
    expect(idsOf(await search('"revenue grew"', 'posts'))).toEqual([ids.quarterly]);
    expect(idsOf(await search('"grew revenue"', 'posts'))).toEqual([]);
  });

  it('takes OR as either, and -word as without', async () => {
    expect(idsOf(await search('heron OR lantern', 'posts'))).toEqual([ids.pumpkinTitle]);
    expect(idsOf(await search('pumpkin OR quarterly', 'posts')).sort()).toEqual(
      [ids.pumpkinTitle, ids.pumpkinBody, ids.quarterly].sort(),
    );
    expect(idsOf(await search('pumpkin -soup', 'posts'))).toEqual([ids.pumpkinTitle]);
    // Only a negation: nothing, rather than every post without the word.
    expect(idsOf(await search('-pumpkin', 'posts'))).toEqual([]);
  });

  it('ignores accents on both sides', async () => {
    expect(idsOf(await search('creme brulee', 'posts'))).toEqual([ids.pumpkinBody]);
    expect(idsOf(await search('crème', 'posts'))).toEqual([ids.pumpkinBody]);
    expect(idsOf(await search('zoe', 'people'))).toEqual([ids.zoe]);
    expect(idsOf(await search('soderberg', 'people'))).toEqual([ids.margaret]);
  });

  it('finds names typed with a typo', async () => {
    expect(idsOf(await search('Margret', 'people'))).toContain(ids.margaret);
    expect(idsOf(await search('Quilfeather', 'people'))).toEqual([ids.zoe]);
    expect(idsOf(await search('Zoe Quillfaether', 'people'))).toEqual([ids.zoe]);
  });

  it('answers nothing for text without words, and never fails on odd input', async () => {
    for (const q of ['!!!', "'", '"', '& | ! <-> :*', '(a', 'a:*b', '\\', '-', 'OR', '""']) {
      const res = await t.get(searchUrl(q, 'posts'), staff);
      expect(res.statusCode, q).toBe(200);
    }
    expect(idsOf(await search('???', 'posts'))).toEqual([]);
  });
});

describe('results page', () => {
  it('pages with a keyset cursor, by relevance and by date, without repeats', async () => {
    for (const sort of ['relevance', 'date']) {
      const seen: number[] = [];
      let next: string | null = null;
      do {
        const page: SearchAnswer = await search('zephyrline', 'posts', { sort, ...(next ? { next } : {}) });
        seen.push(...idsOf(page));
        next = page.data.next;
      } while (next);
      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
    }
    const byDate = await search('zephyrline', 'posts', { sort: 'date' });
    const dates = byDate.data.hits.map((h) => Date.parse(h.at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('refuses a cursor of another kind or sort', async () => {
    const first = await search('zephyrline', 'posts', { sort: 'date' });
    const next = first.data.next ?? '';
    expect(
      (await t.get(searchUrl('zephyrline', 'posts', { sort: 'relevance', next }), staff)).statusCode,
    ).toBe(400);
    expect((await t.get(searchUrl('zephyrline', 'comments', { sort: 'date', next }), staff)).statusCode).toBe(
      400,
    );
    expect((await t.get(searchUrl('zephyrline', 'posts', { next: 'not-a-cursor' }), staff)).statusCode).toBe(
      400,
    );
  });

  it('filters by author, community and dates', async () => {
    expect(idsOf(await search('pumpkin', 'posts', { authorId: String(staff.user.id) }))).toEqual([
      ids.pumpkinBody,
    ]);
    expect(idsOf(await search('heron', 'communityPosts', { communityId: String(ids.community) }))).toEqual([
      ids.communityPost,
    ]);
    expect(idsOf(await search('heron', 'communityPosts', { communityId: '999999' }))).toEqual([]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const twoDaysAgo = day(Date.now() - 2 * DAY);
    expect(idsOf(await search('pumpkin', 'posts', { from: twoDaysAgo, to: twoDaysAgo }))).toEqual([
      ids.pumpkinBody,
    ]);
    expect(idsOf(await search('pumpkin', 'posts', { to: day(Date.now() - 3 * DAY) }))).toEqual([
      ids.pumpkinTitle,
    ]);
  });
});

describe('the index follows writes', () => {
  it('finds a post saved through the API at once, and its new title after an edit, not the old one', async () => {
    const category = await createCategory(t.db);
    const created = await t.call(
      'POST',
      '/v1/api/feed-posts',
      admin,
      feedPostForm(category.id, { title: 'Walrus parade', text: '<p>Tusks <em>everywhere</em></p>' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;
    expect(idsOf(await search('walrus', 'posts'))).toEqual([id]);
    expect(idsOf(await search('everywhere', 'posts'))).toEqual([id]);
    const edited = await t.call(
      'PUT',
      `/v1/api/feed-posts/${id}`,
      admin,
      feedPostForm(category.id, { title: 'Narwhal parade' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(idsOf(await search('walrus', 'posts'))).toEqual([]);
    expect(idsOf(await search('narwhal', 'posts'))).toEqual([id]);
    await t.db.update(feedPosts).set({ stateId: STATE.DRAFT }).where(eq(feedPosts.id, id));
    expect(idsOf(await search('narwhal', 'posts'))).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers 400 with fields for an empty, blank or too long text and bad filters', async () => {
    for (const url of [
      '/v1/api/search?kind=posts',
      '/v1/api/search?q=%20%20',
      `/v1/api/search?q=${'a'.repeat(201)}`,
      '/v1/api/search/suggest?q=',
      '/v1/api/search?q=a&kind=secrets',
      '/v1/api/search?q=a&sort=popular',
      '/v1/api/search?q=a&from=2026-02-31',
      '/v1/api/search?q=a&authorId=abc',
      '/v1/api/search?q=a&from=2026-03-02&to=2026-03-01',
    ]) {
      const res = await t.get(url, staff);
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { fields?: object }).fields, url).toBeDefined();
    }
    const empty = await t.get('/v1/api/search/suggest?q=', staff);
    expect((empty.json() as { fields: Record<string, string> }).fields.q).toBe(MSG.searchRequired);
    const long = await t.get(`/v1/api/search?q=${'a'.repeat(201)}`, staff);
    expect((long.json() as { fields: Record<string, string> }).fields.q).toBe(MSG.searchQueryTooLong);
  });

  it('answers 401 without a session and 403 to a role outside the product', async () => {
    expect((await t.get('/v1/api/search/suggest?q=a')).statusCode).toBe(401);
    expect((await t.get('/v1/api/search?q=a')).statusCode).toBe(401);
    expect((await t.get('/v1/api/search?q=a', other)).statusCode).toBe(403);
    expect((await t.get('/v1/api/search?q=a', editor)).statusCode).toBe(200);
  });
});
