// Comments with @mentions: mentioned ids must be existing, active colleagues (else nothing is stored),
// closed posts refuse comments, and the count on the post follows.
import { MSG, ROLE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedCommentMentions, feedComments, feedPosts } from '../../db/schema';
import { stripMentionMarkers } from '../posts/comments';
import { createPost } from './test-support';

const t = useTestApp({
  users: {
    admin: { roleId: ROLE.ADMIN, firstName: 'Ada', lastName: 'Admin' },
    staff: { firstName: 'Sam', lastName: 'Staff' },
  },
});
const { admin, staff } = t.users;
let colleague: Awaited<ReturnType<typeof createUser>>;
let inactive: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  colleague = await createUser(t.db, { firstName: 'Thandi', lastName: 'Mokoena' });
  inactive = await createUser(t.db, { isActive: false });
});

const send = (s: Session, payload: object) => t.call('POST', '/v1/api/comments', s, payload);
const list = (s: Session, postId: number) => t.get(`/v1/api/comments/getComments?feedPostId=${postId}`, s);

async function snapshot(postId: number) {
  const [post] = await t.db
    .select({ comments: feedPosts.commentsCount })
    .from(feedPosts)
    .where(eq(feedPosts.id, postId));
  const [c] = await t.db.select({ n: count() }).from(feedComments);
  const [m] = await t.db.select({ n: count() }).from(feedCommentMentions);
  return { onPost: post?.comments, comments: c?.n, mentions: m?.n };
}

describe('POST /v1/api/comments', () => {
  it('stores a comment with its mentions, ignoring a self-mention, and counts it on the post', async () => {
    const p = await createPost(t.db, admin.user.id);
    const res = await send(staff, {
      content: '  Well done @[Ada Admin](1) and @Thandi Mokoena!  ',
      feedPostId: p.id,
      userId: staff.user.id,
      userIDs: [colleague.id, admin.user.id, staff.user.id, colleague.id],
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      content: 'Well done @Ada Admin and @Thandi Mokoena!',
      feedPostId: p.id,
      userId: staff.user.id,
      user: { id: staff.user.id, firstName: 'Sam', lastName: 'Staff', profileImage: null },
    });
    expect([...data.userIDs].sort()).toEqual([admin.user.id, colleague.id].sort());
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect((await snapshot(p.id)).onPost).toBe(1);
    const post = await t.app.inject({
      method: 'GET',
      url: `/v1/api/newsfeed/${p.id}`,
      headers: staff.headers,
    });
    expect(post.json().data.comments).toBe(1);
  });

  it('refuses unknown or inactive mentioned ids and stores nothing', async () => {
    const p = await createPost(t.db, admin.user.id);
    const before = await snapshot(p.id);
    for (const userIDs of [[999999], [colleague.id, inactive.id], [inactive.id]]) {
      const res = await send(staff, { content: 'Hi @someone', feedPostId: p.id, userIDs });
      expect(res.statusCode, JSON.stringify(userIDs)).toBe(400);
      expect(res.json()).toMatchObject({
        error: MSG.mentionUnknown,
        fields: { userIDs: MSG.mentionUnknown },
      });
    }
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('refuses comments on a post whose comments are closed, for every role', async () => {
    const p = await createPost(t.db, admin.user.id, { isCommentable: false });
    const before = await snapshot(p.id);
    for (const s of [staff, admin]) {
      const res = await send(s, { content: 'Hello', feedPostId: p.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.commentsClosed);
    }
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('answers 400 for empty or oversized content and bad ids, 403 for another user id', async () => {
    const p = await createPost(t.db, admin.user.id);
    const before = await snapshot(p.id);
    const empty = await send(staff, { content: '   ', feedPostId: p.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ content: MSG.commentRequired });
    expect((await send(staff, { feedPostId: p.id })).json().fields).toEqual({ content: MSG.commentRequired });
    expect((await send(staff, { content: 'x'.repeat(5001), feedPostId: p.id })).statusCode).toBe(400);
    expect((await send(staff, { content: 'Hi', feedPostId: 'abc' })).statusCode).toBe(400);
    expect((await send(staff, { content: 'Hi', feedPostId: p.id, userIDs: ['x'] })).statusCode).toBe(400);
    const impostor = await send(staff, { content: 'Hi', feedPostId: p.id, userId: admin.user.id });
    expect(impostor.statusCode).toBe(403);
    expect((await send(staff, { content: 'Hi', feedPostId: 999999 })).statusCode).toBe(404);
    expect(await snapshot(p.id)).toEqual(before);
  });
});

describe('GET /v1/api/comments/getComments', () => {
  it('lists a post’s comments oldest first, with author and mentions, stored as plain text', async () => {
    const p = await createPost(t.db, admin.user.id);
    await send(staff, { content: 'First <b>not bold</b>', feedPostId: p.id, userIDs: [colleague.id] });
    await send(admin, { content: 'Second', feedPostId: p.id });
    const res = await list(staff, p.id);
    expect(res.statusCode).toBe(200);
    const comments = res.json().data;
    expect(comments.map((c: { content: string }) => c.content)).toEqual(['First <b>not bold</b>', 'Second']);
    expect(comments[0]).toMatchObject({ userId: staff.user.id, userIDs: [colleague.id] });
    expect(comments[1]).toMatchObject({ user: { id: admin.user.id, firstName: 'Ada' }, userIDs: [] });
    expect(res.body).not.toMatch(/email|passwordHash/);
  });

  it('answers an empty list for a post without comments and 404 for an unknown post', async () => {
    const p = await createPost(t.db, admin.user.id);
    expect((await list(staff, p.id)).json().data).toEqual([]);
    expect((await list(admin, 999999)).statusCode).toBe(404);
  });
});

describe('mention markers', () => {
  it('become plain @Name text', () => {
    expect(stripMentionMarkers('@[Ada Admin](12) hi @[Sam](3)')).toBe('@Ada Admin hi @Sam');
    expect(stripMentionMarkers('an email@[x].com (5) stays')).toBe('an email@[x].com (5) stays');
  });
});
