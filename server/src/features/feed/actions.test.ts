// @engine: counts under concurrent likes (row locks)
// Likes and favourites: idempotent toggles on the caller, counts on the post that always equal the rows,
// also under concurrent requests; the profile's counts and tabs follow.
import { ROLE } from '@hearth/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedPostActions, feedPosts } from '../../db/schema';
import { createPost } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;

const act = (s: Session, feedPostId: number, type: 1 | 2, active: 0 | 1, extra: object = {}) =>
  t.call('POST', '/v1/api/newsfeed/action', s, { active, feedPostId, feedPostActionTypeId: type, ...extra });

async function stored(postId: number) {
  const [row] = await t.db
    .select({ likes: feedPosts.likesCount, favourites: feedPosts.favouritesCount })
    .from(feedPosts)
    .where(eq(feedPosts.id, postId));
  const rows = async (type: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(feedPostActions)
        .where(and(eq(feedPostActions.postId, postId), eq(feedPostActions.actionTypeId, type)))
    )[0]?.n;
  return { ...row, likeRows: await rows(1), favouriteRows: await rows(2) };
}

describe('POST /v1/api/newsfeed/action', () => {
  it('likes once however often it is sent, and unlikes to zero however often that is sent', async () => {
    const p = await createPost(t.db, admin.user.id);
    const first = await act(staff, p.id, 1, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      successful: true,
      likes: 1,
      favourites: 0,
      isLiked: true,
      isFavourited: false,
    });
    expect((await act(staff, p.id, 1, 1)).json().data).toMatchObject({ likes: 1, isLiked: true });
    expect(await stored(p.id)).toEqual({ likes: 1, favourites: 0, likeRows: 1, favouriteRows: 0 });

    expect((await act(staff, p.id, 1, 0)).json().data).toMatchObject({ likes: 0, isLiked: false });
    expect((await act(staff, p.id, 1, 0)).json().data).toMatchObject({ likes: 0, isLiked: false });
    expect(await stored(p.id)).toEqual({ likes: 0, favourites: 0, likeRows: 0, favouriteRows: 0 });
  });

  it('keeps favourites apart from likes and shows both flags on the post', async () => {
    const p = await createPost(t.db, admin.user.id);
    await act(staff, p.id, 2, 1);
    await act(staff, p.id, 2, 1);
    const liked = await act(staff, p.id, 1, 1);
    expect(liked.json().data).toEqual({
      successful: true,
      likes: 1,
      favourites: 1,
      isLiked: true,
      isFavourited: true,
    });
    const read = (
      await t.app.inject({ method: 'GET', url: `/v1/api/newsfeed/${p.id}`, headers: staff.headers })
    ).json().data;
    expect(read).toMatchObject({
      likes: 1,
      favourites: 1,
      isLiked: true,
      isFavourited: true,
      actions: { isLiked: true, isFavourited: true },
    });
    // Another reader sees the counts but not the flags.
    const theirs = (
      await t.app.inject({ method: 'GET', url: `/v1/api/newsfeed/${p.id}`, headers: admin.headers })
    ).json().data;
    expect(theirs).toMatchObject({ likes: 1, favourites: 1, isLiked: false, isFavourited: false });
  });

  it('counts 10 concurrent likes by 10 people as 10, and 8 concurrent likes by one person as 1', async () => {
    const p = await createPost(t.db, admin.user.id);
    const people = await Promise.all(Array.from({ length: 10 }, () => userWithSession(t.app, t.db)));
    const answers = await Promise.all(people.map((s) => act(s, p.id, 1, 1)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await stored(p.id)).toMatchObject({ likes: 10, likeRows: 10 });

    const same = await Promise.all(Array.from({ length: 8 }, () => act(staff, p.id, 1, 1)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await stored(p.id)).toMatchObject({ likes: 11, likeRows: 11 });

    await Promise.all([...people.slice(0, 5), staff, staff].map((s) => act(s, p.id, 1, 0)));
    expect(await stored(p.id)).toMatchObject({ likes: 5, likeRows: 5 });
  });

  it('refuses another user id, an unknown post and a malformed body, changing nothing', async () => {
    const p = await createPost(t.db, admin.user.id);
    expect((await act(staff, p.id, 1, 1, { userId: admin.user.id })).statusCode).toBe(403);
    expect((await act(staff, p.id, 1, 1, { userId: staff.user.id })).statusCode).toBe(200);
    await act(staff, p.id, 1, 0);
    expect((await act(staff, 999999, 1, 1)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/api/newsfeed/action',
      headers: staff.headers,
      payload: { active: 1, feedPostId: p.id, feedPostActionTypeId: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('feedPostActionTypeId');
    expect(await stored(p.id)).toEqual({ likes: 0, favourites: 0, likeRows: 0, favouriteRows: 0 });
  });
});

describe('the profile counts and tabs', () => {
  it('counts the caller’s likes and favourites of visible posts, matching the tabs', async () => {
    const s = await userWithSession(t.app, t.db);
    const a = await createPost(t.db, admin.user.id);
    const b = await createPost(t.db, admin.user.id);
    const ended = await createPost(t.db, admin.user.id, { endAt: new Date(Date.now() + 60_000) });
    await act(s, a.id, 1, 1);
    await act(s, b.id, 1, 1);
    await act(s, ended.id, 1, 1);
    await act(s, b.id, 2, 1);
    // The post's window closes: it leaves the tab and the count alike.
    await t.db
      .update(feedPosts)
      .set({ endAt: new Date(Date.now() - 1000) })
      .where(eq(feedPosts.id, ended.id));
    const counts = await t.app.inject({ method: 'GET', url: '/v1/api/users/actions', headers: s.headers });
    expect(counts.json().data).toEqual({ likes: 2, favourites: 1, surveys: 0 });
    const likes = await t.app.inject({ method: 'GET', url: '/v1/api/newsfeed?action=1', headers: s.headers });
    expect(likes.json().data.posts.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
  });
});
