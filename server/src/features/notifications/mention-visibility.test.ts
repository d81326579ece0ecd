// Issue 13, finding 11: a mention notification carries the title of the post or community, so only mentioned
// users who can open that content get one. Each case mentions one user who may read it and one who may not;
// before the fix both were notified. The author is an administrator, who may comment and write everywhere.
import { POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups, createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { notifications } from '../../db/schema';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN } });
const { admin } = t.users;
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  g = await createGroups(t.db);
});

/** Which of `userIds` got a COMMENT notification about `objectId`. */
async function notified(objectId: number, userIds: number[]): Promise<number[]> {
  await t.app.notifications.drain();
  const rows = await t.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'COMMENT'),
        eq(notifications.objectId, objectId),
        inArray(notifications.userId, userIds),
      ),
    );
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

/** The administrator writes a message that mentions users (each call names them in its own field). */
async function write(url: string, payload: object) {
  const res = await t.call('POST', url, admin, payload);
  expect(res.statusCode).toBe(201);
}
const commentOnFeedPost = (postId: number, userIDs: number[]) =>
  write('/v1/api/comments', { feedPostId: postId, content: 'See this @someone', userIDs });
const commentOnCommunityPost = (postId: number, userIds: number[]) =>
  write('/v1/api/community-posts/comment', {
    communityPostId: postId,
    content: 'See this @someone',
    userIds,
  });
const discuss = (communityId: number, userIds: number[]) =>
  write('/v1/api/communities/discussion', { communityId, content: 'Hello @someone', userIds });

describe('mention notifications on feed posts', () => {
  it('go only to mentioned users in the post’s audience', async () => {
    const inside = await createUser(t.db, { groupIds: [g.location.id] });
    const outside = await createUser(t.db);
    const post = await createPost(t.db, admin.user.id, { groupIds: [g.location.id], notifiedAt: new Date() });
    await commentOnFeedPost(post.id, [inside.id, outside.id]);
    expect(await notified(post.id, [inside.id, outside.id])).toEqual([inside.id]);
  });

  it('on a draft or an expired post go only to post managers, not to staff', async () => {
    const staff = await createUser(t.db);
    const editor = await createUser(t.db, { roleId: ROLE.EDITOR });
    const draft = await createPost(t.db, admin.user.id, { stateId: STATE.DRAFT });
    await commentOnFeedPost(draft.id, [staff.id, editor.id]);
    expect(await notified(draft.id, [staff.id, editor.id])).toEqual([editor.id]);

    const expired = await createPost(t.db, admin.user.id, {
      startAt: new Date(Date.now() - 7200_000),
      endAt: new Date(Date.now() - 3600_000),
      notifiedAt: new Date(),
    });
    await commentOnFeedPost(expired.id, [staff.id, editor.id]);
    expect(await notified(expired.id, [staff.id, editor.id])).toEqual([editor.id]);
  });
});

describe('mention notifications on community posts', () => {
  it('in a private community go to its members, not to others', async () => {
    const member = await createUser(t.db);
    const stranger = await createUser(t.db);
    const community = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      memberIds: [member.id],
    });
    const post = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: community.id,
      notifiedAt: new Date(),
    });
    await commentOnCommunityPost(post.id, [member.id, stranger.id]);
    expect(await notified(post.id, [member.id, stranger.id])).toEqual([member.id]);
  });

  it('on a draft go to the community’s managers, not its members; in a public community to anyone', async () => {
    const member = await createUser(t.db);
    const manager = await createUser(t.db);
    const stranger = await createUser(t.db);
    const community = await createCommunity(t.db, {
      createdById: admin.user.id,
      managerIds: [manager.id],
      memberIds: [member.id],
    });
    const draft = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: community.id,
      stateId: STATE.DRAFT,
    });
    await commentOnCommunityPost(draft.id, [member.id, manager.id, stranger.id]);
    expect(await notified(draft.id, [member.id, manager.id, stranger.id])).toEqual([manager.id]);

    const live = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: community.id,
      notifiedAt: new Date(),
    });
    await commentOnCommunityPost(live.id, [member.id, stranger.id]);
    expect(await notified(live.id, [member.id, stranger.id])).toEqual(sorted(member.id, stranger.id));
  });
});

describe('mention notifications on discussion boards', () => {
  it('of a private community go to its members only; of an unpublished one to nobody but administrators', async () => {
    const member = await createUser(t.db);
    const stranger = await createUser(t.db);
    const otherAdmin = await createUser(t.db, { roleId: ROLE.ADMIN });
    const secret = await createCommunity(t.db, {
      createdById: admin.user.id,
      visibilityId: VISIBILITY.PRIVATE,
      memberIds: [member.id],
    });
    await discuss(secret.id, [member.id, stranger.id]);
    expect(await notified(secret.id, [member.id, stranger.id])).toEqual([member.id]);

    const unpublished = await createCommunity(t.db, {
      createdById: admin.user.id,
      stateId: STATE.DRAFT,
      memberIds: [member.id, otherAdmin.id],
    });
    await discuss(unpublished.id, [member.id, otherAdmin.id]);
    expect(await notified(unpublished.id, [member.id, otherAdmin.id])).toEqual([otherAdmin.id]);
  });
});
