// Reading community posts and writing on them: who reads a post, its comments and who liked it (404 for a
// private community's content to non-members, drafts and out-of-window posts only for administrators, post
// managers and the community's managers), who likes and comments (members and administrators, else 403),
// the counters, the pages, and the News Communities tab. Feed post ids are unknown to the community calls
// and community post ids to the feed's.
import { ACTION_TYPE, MSG, POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { type Session, userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedComments, feedPostActions, feedPosts } from '../../db/schema';
import { createPost } from '../feed/test-support';
import { createCommunity } from './test-support';

type Community = Awaited<ReturnType<typeof createCommunity>>;

const t = useTestApp({
  users: {
    admin: ROLE.ADMIN,
    editor: ROLE.EDITOR,
    manager: ROLE.STAFF,
    member: { firstName: 'Mo', lastName: 'Member' },
    outsider: ROLE.STAFF,
  },
});
const { admin, editor, manager, member, outsider } = t.users;
let town: Community;
let secret: Community;
let quiet: Community;
const HOUR = 3600 * 1000;

beforeAll(async () => {
  town = await createCommunity(t.db, {
    createdById: admin.user.id,
    managerIds: [manager.user.id],
    memberIds: [member.user.id],
  });
  secret = await createCommunity(t.db, {
    createdById: admin.user.id,
    visibilityId: VISIBILITY.PRIVATE,
    managerIds: [manager.user.id],
    memberIds: [member.user.id],
  });
  quiet = await createCommunity(t.db, { createdById: admin.user.id, managerIds: [admin.user.id] });
});

const get = t.get;
const post = (url: string, s: Session, payload: object) => t.call('POST', url, s, payload);
const communityPost = (communityId: number, over: Parameters<typeof createPost>[2] = {}) =>
  createPost(t.db, manager.user.id, { kind: POST_KIND.COMMUNITY, communityId, ...over });
const like = (s: Session, id: number, active = 1, type = 1) =>
  post('/v1/api/community-posts/action', s, {
    active,
    communityPostId: id,
    communityPostActionTypeId: type,
    userId: s.user.id,
  });
const comment = (s: Session, id: number, content = 'Nice one', userIds: number[] = []) =>
  post('/v1/api/community-posts/comment', s, { content, communityPostId: id, userId: s.user.id, userIds });

describe('reading one community post', () => {
  it('shows a public community post to anyone, and a private one only to members and admins', async () => {
    const open = await communityPost(town.id);
    const hidden = await communityPost(secret.id);
    for (const s of [admin, editor, manager, member, outsider]) {
      expect((await get(`/v1/api/community-posts/${open.id}`, s)).statusCode).toBe(200);
    }
    const res = await get(`/v1/api/community-posts/withUser/${open.id}?userId=${outsider.user.id}`, outsider);
    expect(res.json().data).toMatchObject({ id: open.id, communityId: town.id, isLiked: false });
    expect((await get(`/v1/api/community-posts/${open.id}`)).statusCode).toBe(401);
    for (const s of [admin, manager, member])
      expect((await get(`/v1/api/community-posts/${hidden.id}`, s)).statusCode).toBe(200);
    for (const s of [editor, outsider]) {
      expect((await get(`/v1/api/community-posts/${hidden.id}`, s)).statusCode).toBe(404);
      expect((await get(`/v1/api/community-posts/withUser/${hidden.id}`, s)).statusCode).toBe(404);
      expect((await get(`/v1/api/community-posts/${hidden.id}/comments`, s)).statusCode).toBe(404);
      expect((await get(`/v1/api/community-posts/${hidden.id}/action?actionId=1`, s)).statusCode).toBe(404);
      expect((await like(s, hidden.id)).statusCode).toBe(404);
      expect((await comment(s, hidden.id)).statusCode).toBe(404);
    }
  });

  it('hides drafts and out-of-window posts from staff members, not from managers, post managers or admins', async () => {
    const now = Date.now();
    const hidden = [
      await communityPost(town.id, { stateId: STATE.DRAFT }),
      await communityPost(town.id, { startAt: new Date(now + HOUR) }),
      await communityPost(town.id, { startAt: new Date(now - 2 * HOUR), endAt: new Date(now - HOUR) }),
    ];
    for (const p of hidden) {
      for (const s of [member, outsider]) {
        expect((await get(`/v1/api/community-posts/${p.id}`, s)).statusCode).toBe(404);
        expect((await get(`/v1/api/community-posts/${p.id}/verify`, s)).statusCode).toBe(404);
        expect((await like(s, p.id)).statusCode).toBe(404);
      }
      for (const s of [manager, editor, admin])
        expect((await get(`/v1/api/community-posts/${p.id}`, s)).statusCode).toBe(200);
    }
  });

  it('keeps feed posts and community posts apart: each answers 404 on the other one’s calls', async () => {
    const feedPost = await createPost(t.db, admin.user.id);
    const cp = await communityPost(town.id);
    for (const url of [
      `/v1/api/community-posts/${feedPost.id}`,
      `/v1/api/community-posts/withUser/${feedPost.id}`,
      `/v1/api/community-posts/${feedPost.id}/comments`,
      `/v1/api/community-posts/${feedPost.id}/verify`,
      `/v1/api/community-posts/${feedPost.id}/action?actionId=1`,
    ])
      expect((await get(url, admin)).statusCode, url).toBe(404);
    expect((await like(admin, feedPost.id)).statusCode).toBe(404);
    expect((await comment(admin, feedPost.id)).statusCode).toBe(404);
    for (const s of [admin, member]) {
      expect((await get(`/v1/api/newsfeed/${cp.id}`, s)).statusCode).toBe(404);
      expect((await get(`/v1/api/comments/getComments?feedPostId=${cp.id}`, s)).statusCode).toBe(404);
      const fl = await post('/v1/api/newsfeed/action', s, {
        active: 1,
        feedPostId: cp.id,
        feedPostActionTypeId: 1,
      });
      expect(fl.statusCode).toBe(404);
      const fc = await post('/v1/api/comments', s, { content: 'x', feedPostId: cp.id });
      expect(fc.statusCode).toBe(404);
    }
    expect((await get(`/v1/api/newsfeed/postActionData?postId=${cp.id}&actionId=1`, admin)).statusCode).toBe(
      404,
    );
  });
});

describe('likes, favourites and comments on community posts', () => {
  it('counts likes and favourites of members and admins, idempotently, and lists who liked', async () => {
    const p = await communityPost(town.id);
    for (let i = 0; i < 2; i++) {
      const res = await like(member, p.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        successful: true,
        likes: 1,
        favourites: 0,
        isLiked: true,
        isFavourited: false,
      });
    }
    expect((await like(admin, p.id, 1, 2)).json().data).toMatchObject({
      likes: 1,
      favourites: 1,
      isFavourited: true,
    });
    const seen = await get(`/v1/api/community-posts/${p.id}`, member);
    expect(seen.json().data).toMatchObject({ likes: 1, favourites: 1, isLiked: true, isFavourited: false });
    const who = await get(`/v1/api/community-posts/${p.id}/action?actionId=1`, manager);
    expect(who.statusCode).toBe(200);
    expect(who.json().data.map((e: { user: { id: number } }) => e.user.id)).toEqual([member.user.id]);
    expect((await like(member, p.id, 0)).json().data).toMatchObject({ likes: 0, isLiked: false });
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, p.id));
    expect({ likes: row?.likesCount, favourites: row?.favouritesCount }).toEqual({ likes: 0, favourites: 1 });
  });

  it('refuses likes and comments of non-members of a public community (403) and stores nothing', async () => {
    const p = await communityPost(town.id);
    for (const s of [outsider, editor]) {
      expect((await like(s, p.id)).statusCode).toBe(403);
      expect((await comment(s, p.id)).statusCode).toBe(403);
      expect((await get(`/v1/api/community-posts/${p.id}/action?actionId=1`, s)).statusCode).toBe(403);
      // Reading the comments is for whoever reads the post.
      expect((await get(`/v1/api/community-posts/${p.id}/comments`, s)).statusCode).toBe(200);
    }
    expect((await like(member, p.id, 1, 1)).statusCode).toBe(200);
    const spoofed = await post('/v1/api/community-posts/action', outsider, {
      active: 1,
      communityPostId: p.id,
      communityPostActionTypeId: 1,
      userId: member.user.id,
    });
    expect(spoofed.statusCode).toBe(403);
    expect(await t.db.select().from(feedPostActions).where(eq(feedPostActions.postId, p.id))).toHaveLength(1);
    expect(await t.db.select().from(feedComments).where(eq(feedComments.postId, p.id))).toHaveLength(0);
  });

  it('stores a comment with its mentions, counts it, and lists it', async () => {
    const p = await communityPost(town.id);
    const colleague = await createUser(t.db);
    const res = await comment(member, p.id, 'Thanks @[Mia Manager](5)!', [manager.user.id, colleague.id]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      content: 'Thanks @Mia Manager!',
      communityPostId: p.id,
      userId: member.user.id,
      user: { id: member.user.id, firstName: 'Mo', lastName: 'Member' },
    });
    expect([...data.userIds].sort()).toEqual([manager.user.id, colleague.id].sort());
    expect((await comment(admin, p.id, 'Admin here')).statusCode).toBe(201);
    const list = await get(`/v1/api/community-posts/${p.id}/comments`, outsider);
    expect(list.json().data.map((c: { content: string }) => c.content)).toEqual([
      'Thanks @Mia Manager!',
      'Admin here',
    ]);
    expect((await get(`/v1/api/community-posts/${p.id}`, member)).json().data.comments).toBe(2);
  });

  it('refuses comments on a closed post (403), unknown mentions and empty text (400)', async () => {
    const closed = await communityPost(town.id, { isCommentable: false });
    const res = await comment(member, closed.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MSG.commentsClosed);
    const p = await communityPost(town.id);
    const unknown = await comment(member, p.id, 'Hi', [999999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ userIds: MSG.mentionUnknown });
    const empty = await comment(member, p.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(MSG.commentRequired);
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, p.id));
    expect(row?.commentsCount).toBe(0);
  });
});

describe('lists of community posts', () => {
  it("pages a community's posts newest start first; drafts only for its managers, post managers and admins", async () => {
    const c = await createCommunity(t.db, {
      createdById: admin.user.id,
      managerIds: [manager.user.id],
      memberIds: [member.user.id],
    });
    const now = Date.now();
    const live = [];
    for (let i = 0; i < 5; i++)
      live.push(await communityPost(c.id, { startAt: new Date(now - (i + 1) * HOUR) }));
    const draft = await communityPost(c.id, {
      stateId: STATE.DRAFT,
      startAt: new Date(now - 30 * 60 * 1000),
    });
    await communityPost(town.id);
    await createPost(t.db, admin.user.id);

    const pages = async (s: Session) => {
      const ids: number[] = [];
      let next: string | null = null;
      do {
        const res = await get(
          `/v1/api/community-posts?communityId=${c.id}&limit=2${next ? `&next=${next}` : ''}`,
          s,
        );
        expect(res.statusCode).toBe(200);
        ids.push(...res.json().data.posts.map((p: { id: number }) => p.id));
        next = res.json().data.next;
      } while (next);
      return ids;
    };
    const liveIds = live.map((p) => p.id);
    expect(await pages(member)).toEqual(liveIds);
    expect(await pages(outsider)).toEqual(liveIds);
    for (const s of [manager, editor, admin]) expect(await pages(s)).toEqual([draft.id, ...liveIds]);

    expect((await get(`/v1/api/community-posts?communityId=${secret.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/v1/api/community-posts?communityId=${secret.id}`, member)).statusCode).toBe(200);
    expect((await get('/v1/api/community-posts?communityId=999999', admin)).statusCode).toBe(404);
    expect((await get(`/v1/api/community-posts?communityId=${c.id}&next=bogus!`, member)).statusCode).toBe(
      400,
    );
  });

  it('lists every community post for the admin list, newest created first, with community and creator', async () => {
    const draft = await communityPost(quiet.id, { stateId: STATE.DRAFT });
    const res = await get('/v1/api/community-posts/all', admin);
    expect(res.statusCode).toBe(200);
    const posts = res.json().data as {
      id: number;
      communityId: number | null;
      community: unknown;
      user: { id: number };
    }[];
    expect(posts[0]).toMatchObject({
      id: draft.id,
      community: { id: quiet.id, title: quiet.title },
      user: { id: manager.user.id },
    });
    const kinds = await t.db.select({ id: feedPosts.id, kind: feedPosts.kind }).from(feedPosts);
    const communityIds = kinds
      .filter((k) => k.kind === POST_KIND.COMMUNITY)
      .map((k) => k.id)
      .sort((a, b) => a - b);
    expect(posts.map((p) => p.id).sort((a, b) => a - b)).toEqual(communityIds);
    const drafts = (await get(`/v1/api/community-posts/all?stateId=${STATE.DRAFT}`, admin)).json().data;
    expect(drafts.every((p: { stateId: number }) => p.stateId === STATE.DRAFT)).toBe(true);
    expect(drafts.map((p: { id: number }) => p.id)).toContain(draft.id);
    expect((await get('/v1/api/community-posts/all', editor)).statusCode).toBe(403);
  });

  it('gives the News Communities tab and /user/{id} the published posts of joined communities only', async () => {
    const reader = await userWithSession(t.app, t.db);
    const joined = await createCommunity(t.db, { createdById: admin.user.id, memberIds: [reader.user.id] });
    const hiddenJoined = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      memberIds: [reader.user.id],
    });
    const notJoined = await createCommunity(t.db, { createdById: admin.user.id });
    const now = Date.now();
    const a = await communityPost(joined.id, { startAt: new Date(now - 3 * HOUR) });
    const b = await communityPost(hiddenJoined.id, { startAt: new Date(now - 2 * HOUR) });
    const c = await communityPost(joined.id, { startAt: new Date(now - HOUR) });
    await communityPost(joined.id, { stateId: STATE.DRAFT });
    await communityPost(joined.id, { startAt: new Date(now + HOUR) });
    await communityPost(notJoined.id);
    const feedPost = await createPost(t.db, admin.user.id);
    await like(reader, c.id);

    const tab = async (next?: string) => {
      const res = await get(
        `/v1/api/newsfeed?action=communities&limit=2${next ? `&next=${next}` : ''}`,
        reader,
      );
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        posts: { id: number; communityId: number | null; isLiked: boolean }[];
        next: string | null;
      };
    };
    const first = await tab();
    expect(first.posts.map((p) => p.id)).toEqual([c.id, b.id]);
    expect(first.posts.map((p) => p.communityId)).toEqual([joined.id, hiddenJoined.id]);
    expect(first.posts[0]?.isLiked).toBe(true);
    expect(first.next).not.toBeNull();
    const second = await tab(first.next ?? undefined);
    expect(second.posts.map((p) => p.id)).toEqual([a.id]);
    expect(second.next).toBeNull();

    const mine = await get(`/v1/api/community-posts/user/${reader.user.id}?limit=10`, reader);
    expect(mine.json().data.posts.map((p: { id: number }) => p.id)).toEqual([c.id, b.id, a.id]);
    expect((await get(`/v1/api/community-posts/user/${reader.user.id}`, member)).statusCode).toBe(403);
    const asAdmin = await get(`/v1/api/community-posts/user/${reader.user.id}`, admin);
    expect(asAdmin.json().data.posts.map((p: { id: number }) => p.id)).toEqual([c.id, b.id, a.id]);

    // The All tab stays feed posts only, each with communityId null.
    const all = (await get('/v1/api/newsfeed?limit=50', reader)).json().data.posts as {
      id: number;
      communityId: number | null;
    }[];
    expect(all.map((p) => p.id)).toContain(feedPost.id);
    expect(all.every((p) => p.communityId === null)).toBe(true);
    expect(all.map((p) => p.id)).not.toContain(a.id);
  });

  it('keeps the likes tab and the like counters of the profile to feed posts (their visibility)', async () => {
    const p = await communityPost(town.id);
    await like(member, p.id);
    const tab = (await get('/v1/api/newsfeed?action=1', member)).json().data.posts as { id: number }[];
    expect(tab.map((x) => x.id)).not.toContain(p.id);
    expect(
      (await t.db.select().from(feedPostActions).where(eq(feedPostActions.postId, p.id)))[0]?.actionTypeId,
    ).toBe(ACTION_TYPE.LIKE);
  });
});
