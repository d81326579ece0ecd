// @engine: report rows answered without the zod serializer (driver types)
// The admin side of feed posts besides the form: the list of every post, one post, the categories, and the
// post reports (activity and who liked or favourited).
import { STATE } from '@hearth/contract';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { feedPosts } from '../../db/schema';
import { createCategory, createPost } from './test-support';

type Category = Awaited<ReturnType<typeof createCategory>>;

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;
let news: Category;
let wins: Category;

beforeAll(async () => {
  news = await createCategory(t.db, 'Company News');
  wins = await createCategory(t.db, 'Wins');
  // The list has drafts and published posts, more than a page of two.
  await createPost(t.db, admin.user.id, { stateId: STATE.DRAFT });
  await createPost(t.db, editor.user.id);
  await createPost(t.db, admin.user.id);
});

const call = t.call;

describe('GET /v1/api/feed-posts and /feed-post-categories', () => {
  it('lists every post newest created first, filtered by state and limited on request', async () => {
    const res = await call('GET', '/v1/api/feed-posts?fields=id,title&limit=-1', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; createdAt: string; stateId: number }[];
    const [n] = await t.db.select({ n: count() }).from(feedPosts);
    expect(list).toHaveLength(n?.n ?? 0);
    const keys = list.map((p) => [Date.parse(p.createdAt), p.id] as const);
    expect([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1])).toEqual(keys);
    const drafts = (await call('GET', '/v1/api/feed-posts?limit=-1&stateId=1', editor)).json().data;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((p: { stateId: number }) => p.stateId === 1)).toBe(true);
    expect((await call('GET', '/v1/api/feed-posts?limit=2', admin)).json().data).toHaveLength(2);
    expect((await call('GET', '/v1/api/feed-posts?stateId=7', admin)).statusCode).toBe(400);
  });

  it('reads one post by id for roles 1 and 3, 404 when unknown', async () => {
    const p = await createPost(t.db, admin.user.id, { stateId: STATE.DRAFT });
    expect((await call('GET', `/v1/api/feed-posts/${p.id}?fields=id`, editor)).json().data.id).toBe(p.id);
    expect((await call('GET', '/v1/api/feed-posts/999999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/v1/api/feed-posts/-1', admin)).statusCode).toBe(400);
  });

  it('lists the categories by name for every known role', async () => {
    for (const s of [admin, staff, editor]) {
      const res = await call('GET', '/v1/api/feed-post-categories?limit=-1', s);
      expect(res.json().data).toEqual([
        { id: news.id, name: 'Company News' },
        { id: wins.id, name: 'Wins' },
      ]);
    }
    expect((await call('GET', '/v1/api/feed-post-categories', other)).statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('answers post activity with the counts and the category names, to administrators only', async () => {
    const p = await createPost(t.db, admin.user.id, {
      title: 'Reported',
      categoryIds: [wins.id, news.id],
      likesCount: 3,
      favouritesCount: 2,
      commentsCount: 1,
    });
    const res = await call('GET', '/v1/api/newsfeed/postsReport', admin);
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((r: { id: number }) => r.id === p.id);
    expect(row).toEqual({
      id: p.id,
      title: 'Reported',
      subtitle: p.subtitle,
      startAt: p.startAt.toISOString(),
      endAt: p.endAt?.toISOString() ?? null,
      comments: 1,
      likes: 3,
      favourites: 2,
      categoryName: 'Company News, Wins',
      seen: 0,
      opened: 0,
      acknowledged: null,
    });
    expect((await call('GET', '/v1/api/newsfeed/postsReport', editor)).statusCode).toBe(403);
  });

  it('answers who liked or favourited a post, newest first', async () => {
    const p = await createPost(t.db, admin.user.id);
    for (const s of [staff, editor]) {
      await call('POST', '/v1/api/newsfeed/action', s, {
        active: 1,
        feedPostId: p.id,
        feedPostActionTypeId: 1,
      });
    }
    const res = await call('GET', `/v1/api/newsfeed/postActionData?postId=${p.id}&actionId=1`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      editor.user.id,
      staff.user.id,
    ]);
    const none = await call('GET', `/v1/api/newsfeed/postActionData?postId=${p.id}&actionId=2`, admin);
    expect(none.json().data).toEqual([]);
    expect(
      (await call('GET', '/v1/api/newsfeed/postActionData?postId=999999&actionId=1', admin)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/v1/api/newsfeed/postActionData?postId=${p.id}&actionId=3`, admin)).statusCode,
    ).toBe(400);
  });
});
