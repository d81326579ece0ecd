// Creating and editing community posts: only the community's managers and administrators write its posts
// (role 3 is not special here), product.md's messages for invalid forms, nothing written by a refused
// request, the author kept on edit, files checked like the feed's, and the verify call of the edit form.
import { MSG, POST_KIND, ROLE, STATE, VISIBILITY } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedPostFiles, feedPosts } from '../../db/schema';
import { createFileRow, createPost } from '../feed/test-support';
import { createCommunity } from './test-support';

type Community = Awaited<ReturnType<typeof createCommunity>>;

const t = useTestApp({
  users: {
    admin: ROLE.ADMIN,
    editor: ROLE.EDITOR,
    manager: { firstName: 'Mia', lastName: 'Manager' },
    member: ROLE.STAFF,
    outsider: ROLE.STAFF,
  },
});
const { admin, editor, manager, member, outsider } = t.users;
let town: Community;
let other: Community;
let secret: Community;

beforeAll(async () => {
  town = await createCommunity(t.db, {
    createdById: admin.user.id,
    title: 'Town Hall',
    managerIds: [manager.user.id],
    memberIds: [member.user.id, editor.user.id],
  });
  other = await createCommunity(t.db, { createdById: admin.user.id, managerIds: [admin.user.id] });
  secret = await createCommunity(t.db, {
    createdById: admin.user.id,
    visibilityId: VISIBILITY.PRIVATE,
    managerIds: [admin.user.id],
  });
});

const call = t.call;

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Braai on Friday',
  subtitle: 'Bring a friend',
  text: '<p>Meet at <strong>five</strong>.</p><script>alert(1)</script>',
  stateId: STATE.PUBLISHED,
  isCommentable: 1,
  startAt: '2026-01-01 08:00:00',
  endAt: '2099-12-31 23:59:59',
  communityId: town.id,
  files: [],
  ...over,
});

async function totals() {
  const [posts] = await t.db.select({ n: count() }).from(feedPosts);
  const [files] = await t.db.select({ n: count() }).from(feedPostFiles);
  return { posts: posts?.n, files: files?.n };
}

describe('POST /v1/api/community-posts', () => {
  it('lets a manager create a post in their community, authored by them, sanitised, with files', async () => {
    const file = await createFileRow(t.db, { createdById: manager.user.id });
    const res = await call('POST', '/v1/api/community-posts', manager, form({ files: [file.id] }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Braai on Friday',
      subtitle: 'Bring a friend',
      stateId: STATE.PUBLISHED,
      isCommentable: 1,
      communityId: town.id,
      community: { id: town.id, title: 'Town Hall' },
      createdById: manager.user.id,
      user: { id: manager.user.id, firstName: 'Mia', lastName: 'Manager' },
      startAt: '2026-01-01T08:00:00.000Z',
      endAt: '2099-12-31T23:59:59.000Z',
      likes: 0,
      favourites: 0,
      comments: 0,
      isLiked: false,
      isFavourited: false,
    });
    expect(data.text).toContain('<strong>five</strong>');
    expect(data.text).not.toContain('script');
    expect(data.files.map((f: { id: number }) => f.id)).toEqual([file.id]);
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, data.id));
    expect(row).toMatchObject({ kind: POST_KIND.COMMUNITY, communityId: town.id, userId: manager.user.id });
  });

  it('starts a post without a start date now, and accepts a post without an end', async () => {
    const before = Date.now();
    const res = await call(
      'POST',
      '/v1/api/community-posts',
      manager,
      form({ startAt: undefined, endAt: null }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(new Date(data.startAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(data.startAt).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(data.endAt).toBeNull();
  });

  it("answers the product's messages for an invalid form and writes nothing", async () => {
    const before = await totals();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', MSG.postTitleRequired],
      [{ subtitle: '' }, 'subtitle', MSG.postSubtitleRequired],
      [{ communityId: null }, 'communityId', MSG.communityRequired],
      [{ communityId: undefined }, 'communityId', MSG.communityRequired],
      [{ endAt: '2025-01-01 08:00:00' }, 'endAt', MSG.endBeforeStart],
      [{ startAt: undefined, endAt: '2020-01-01 08:00:00' }, 'endAt', MSG.endBeforeStart],
      [{ files: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, 'files', MSG.tooManyFiles],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/v1/api/community-posts', admin, form(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(over)).toBe(message);
    }
    expect(res400Title(await call('POST', '/v1/api/community-posts', manager, {}))).toBe(
      MSG.postTitleRequired,
    );
    expect(await totals()).toEqual(before);
  });

  it('refuses files the caller did not upload, and files of another post', async () => {
    const before = await totals();
    const theirs = await createFileRow(t.db, { createdById: member.user.id });
    const res = await call('POST', '/v1/api/community-posts', manager, form({ files: [theirs.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ files: MSG.invalidInput });
    expect(await totals()).toEqual(before);
  });

  it('refuses members, post managers and managers of other communities (403) and hides private ones (404)', async () => {
    const before = await totals();
    const refused: [Session, Record<string, unknown>, number][] = [
      [member, {}, 403],
      [editor, {}, 403],
      [outsider, {}, 403],
      [manager, { communityId: other.id }, 403],
      [manager, { communityId: secret.id }, 404],
      [manager, { communityId: 999999 }, 404],
      [manager, { communityId: null, stateId: STATE.DRAFT }, 403],
      [manager, { createdById: member.user.id }, 403],
    ];
    for (const [who, over, status] of refused) {
      const res = await call('POST', '/v1/api/community-posts', who, form(over));
      expect(res.statusCode, `${who.user.id} ${JSON.stringify(over)}`).toBe(status);
    }
    expect(await call('POST', '/v1/api/community-posts', undefined, form()).then((r) => r.statusCode)).toBe(
      401,
    );
    expect(await totals()).toEqual(before);
  });

  it('lets an administrator keep a draft without a community, which staff cannot read', async () => {
    const res = await call(
      'POST',
      '/v1/api/community-posts',
      admin,
      form({ communityId: null, stateId: STATE.DRAFT }),
    );
    expect(res.statusCode).toBe(201);
    const { id, communityId, community } = res.json().data;
    expect({ communityId, community }).toEqual({ communityId: null, community: null });
    expect((await call('GET', `/v1/api/community-posts/${id}`, manager)).statusCode).toBe(404);
    expect((await call('GET', `/v1/api/community-posts/${id}`, editor)).statusCode).toBe(404);
    // Publishing it needs a community.
    const publish = await call('PUT', `/v1/api/community-posts/${id}`, admin, form({ communityId: null }));
    expect(publish.statusCode).toBe(400);
    expect(publish.json().error).toBe(MSG.communityRequired);
    const moved = await call('PUT', `/v1/api/community-posts/${id}`, admin, form({ communityId: secret.id }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.communityId).toBe(secret.id);
  });
});

const res400Title = (res: { statusCode: number; json(): { fields?: Record<string, string> } }) =>
  res.statusCode === 400 ? res.json().fields?.title : `status ${res.statusCode}`;

describe('PUT /v1/api/community-posts/:id', () => {
  it('replaces the post, keeps its author and moves updated_at; another manager or an admin may edit', async () => {
    const post = await createPost(t.db, manager.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: town.id,
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const file = await createFileRow(t.db, { createdById: admin.user.id });
    const res = await call(
      'PUT',
      `/v1/api/community-posts/${post.id}`,
      admin,
      form({ title: 'Braai moved', isCommentable: 0, files: [file.id], createdById: manager.user.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: post.id,
      title: 'Braai moved',
      isCommentable: 0,
      createdById: manager.user.id,
      communityId: town.id,
    });
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, post.id));
    expect(row?.updatedAt.getTime()).toBeGreaterThan(new Date('2026-01-01T00:00:00Z').getTime());
    expect(row?.userId).toBe(manager.user.id);

    const again = await call(
      'PUT',
      `/v1/api/community-posts/${post.id}`,
      manager,
      form({ files: [file.id] }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data.files.map((f: { id: number }) => f.id)).toEqual([file.id]);
  });

  it('keeps the start of a post edited without one', async () => {
    const post = await createPost(t.db, manager.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: town.id,
      startAt: new Date('2026-02-01T10:00:00Z'),
    });
    const res = await call('PUT', `/v1/api/community-posts/${post.id}`, manager, form({ startAt: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.startAt).toBe('2026-02-01T10:00:00.000Z');
  });

  it('refuses non-managers (403), moving to a community the manager does not run (403), and changes nothing', async () => {
    // Already announced: the notification worker (it runs after each write) then has no reason to touch
    // the row while this test compares it.
    const post = await createPost(t.db, manager.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: town.id,
      notifiedAt: new Date(),
    });
    const [before] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, post.id));
    for (const [who, over] of [
      [member, {}],
      [editor, {}],
      [outsider, {}],
      [manager, { communityId: other.id }],
      [manager, { createdById: outsider.user.id }],
    ] as [Session, Record<string, unknown>][]) {
      const res = await call(
        'PUT',
        `/v1/api/community-posts/${post.id}`,
        who,
        form({ title: 'Hijacked', ...over }),
      );
      expect(res.statusCode, `${who.user.id} ${JSON.stringify(over)}`).toBe(403);
    }
    const [after] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, post.id));
    expect(after).toEqual(before);
  });

  it('answers 404 for a private community post to a non-member, a feed post, and a community post on the feed form', async () => {
    const hidden = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: secret.id,
    });
    const feedPost = await createPost(t.db, admin.user.id);
    const town1 = await createPost(t.db, manager.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: town.id,
    });
    expect((await call('PUT', `/v1/api/community-posts/${hidden.id}`, manager, form())).statusCode).toBe(404);
    expect((await call('PUT', `/v1/api/community-posts/${feedPost.id}`, admin, form())).statusCode).toBe(404);
    expect((await call('PUT', '/v1/api/community-posts/999999', admin, form())).statusCode).toBe(404);
    const feedForm = {
      title: 'x',
      subtitle: 'y',
      feedCategories: [1],
      startAt: '2026-01-01 08:00:00',
      endAt: '2099-01-01 08:00:00',
    };
    const res = await call('PUT', `/v1/api/feed-posts/${town1.id}`, admin, feedForm);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/v1/api/feed-posts/${town1.id}`, admin)).statusCode).toBe(404);
  });
});

describe('GET /v1/api/community-posts/:id/verify', () => {
  it("says yes to the community's managers and administrators only", async () => {
    const post = await createPost(t.db, manager.user.id, { kind: POST_KIND.COMMUNITY, communityId: town.id });
    const verify = async (s: Session) => {
      const res = await call('GET', `/v1/api/community-posts/${post.id}/verify?userId=${s.user.id}`, s);
      expect(res.statusCode).toBe(200);
      return res.json().data.verified;
    };
    expect(await verify(manager)).toBe(true);
    expect(await verify(admin)).toBe(true);
    expect(await verify(member)).toBe(false);
    expect(await verify(editor)).toBe(false);
    expect(await verify(outsider)).toBe(false);
    const spoofed = await call(
      'GET',
      `/v1/api/community-posts/${post.id}/verify?userId=${manager.user.id}`,
      member,
    );
    expect(spoofed.statusCode).toBe(403);
  });

  it('answers 404 for a post the caller cannot read or that is not a community post', async () => {
    const hidden = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: secret.id,
    });
    const feedPost = await createPost(t.db, admin.user.id);
    expect((await call('GET', `/v1/api/community-posts/${hidden.id}/verify`, manager)).statusCode).toBe(404);
    expect((await call('GET', `/v1/api/community-posts/${hidden.id}/verify`, admin)).json().data).toEqual({
      verified: true,
    });
    expect((await call('GET', `/v1/api/community-posts/${feedPost.id}/verify`, admin)).statusCode).toBe(404);
  });
});
