// Who sees which feed post: the publishing window, the audience and the featured carousel, for the feed
// and for every call that names one post (a hidden post is 404 to staff everywhere).
import { ROLE, STATE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/sessions';
import { OTHER_ROLE, useTestApp } from '../../../test/use-test-app';
import { createPost } from './test-support';

type Post = Awaited<ReturnType<typeof createPost>>;

// Staff works at `here.location` in `here.department`.
const t = useTestApp({
  groups: ['here', 'there'],
  users: { admin: ROLE.ADMIN, editor: ROLE.EDITOR, staff: { worksIn: 'here' }, other: OTHER_ROLE },
});
const { admin, editor, staff, other } = t.users;
const posts: Record<string, Post> = {};
const HOUR = 3600 * 1000;

const get = t.get;
const post = (url: string, payload: object, s?: Session) => t.call('POST', url, s, payload);
const ids = (list: { id: number }[]) => list.map((p) => p.id);

beforeAll(async () => {
  const { here, there } = t.groups;
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const make = async (name: string, hoursAgo: number, o: Parameters<typeof createPost>[2] = {}) => {
    posts[name] = await createPost(t.db, admin.user.id, { title: name, startAt: at(hoursAgo), ...o });
  };
  await make('everyone', 1);
  await make('noEnd', 2, { endAt: null });
  await make('draft', 3, { stateId: STATE.DRAFT });
  await make('future', -2);
  await make('ended', 48, { endAt: at(1) });
  await make('endsNow', 4, { endAt: new Date(now - 1000) });
  await make('myLocation', 5, { groupIds: [here.location.id] });
  await make('otherLocation', 6, { groupIds: [there.location.id] });
  await make('eitherLocation', 7, { groupIds: [here.location.id, there.location.id] });
  await make('myLocationOtherDepartment', 8, { groupIds: [here.location.id, there.department.id] });
  await make('myLocationMyDepartment', 9, { groupIds: [here.location.id, here.department.id] });
  await make('featured', 10, { isFeatured: true });
  await make('featuredDraft', 11, { isFeatured: true, stateId: STATE.DRAFT });
  await make('featuredElsewhere', 12, { isFeatured: true, groupIds: [there.location.id] });
  await make('featuredForMe', 13, { isFeatured: true, groupIds: [here.department.id] });
});

const VISIBLE = [
  'everyone',
  'noEnd',
  'myLocation',
  'eitherLocation',
  'myLocationMyDepartment',
  'featured',
  'featuredForMe',
];
const HIDDEN = [
  'draft',
  'future',
  'ended',
  'endsNow',
  'otherLocation',
  'myLocationOtherDepartment',
  'featuredDraft',
  'featuredElsewhere',
];
const idOf = (name: string) => {
  const p = posts[name];
  if (!p) throw new Error(`no post ${name}`);
  return p.id;
};

describe('GET /v1/api/newsfeed', () => {
  it('shows staff only published, in-window posts of their audience, newest start first', async () => {
    const res = await get('/v1/api/newsfeed?limit=50', staff);
    expect(res.statusCode).toBe(200);
    const { posts: page, next } = res.json().data;
    expect(ids(page)).toEqual(VISIBLE.map(idOf));
    expect(next).toBeNull();
  });

  it('shows roles 1 and 3 the same feed as staff would see with their groups (none here)', async () => {
    const noGroups = ['everyone', 'noEnd', 'featured'].map(idOf);
    for (const s of [admin, editor]) {
      const res = await get('/v1/api/newsfeed?limit=50', s);
      expect(ids(res.json().data.posts)).toEqual(noGroups);
    }
  });

  it('answers the featured carousel: featured, visible, newest first', async () => {
    const res = await get('/v1/api/newsfeed?isFeatured=1&limit=10', staff);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data.posts)).toEqual(['featured', 'featuredForMe'].map(idOf));
    expect(res.json().data.next).toBeNull();
  });

  it('answers an empty Communities tab until communities exist', async () => {
    const res = await get('/v1/api/newsfeed?action=communities', staff);
    expect(res.json().data).toEqual({ posts: [], next: null });
  });

  it('accepts userId only when it is the caller', async () => {
    expect((await get(`/v1/api/newsfeed?userId=${staff.user.id}`, staff)).statusCode).toBe(200);
    expect((await get(`/v1/api/newsfeed?userId=${admin.user.id}`, staff)).statusCode).toBe(403);
    expect((await get(`/v1/api/newsfeed?userId=${staff.user.id}`, admin)).statusCode).toBe(403);
  });

  it('answers 401 without a login and 403 to an unknown role', async () => {
    expect((await get('/v1/api/newsfeed')).statusCode).toBe(401);
    expect((await get('/v1/api/newsfeed', other)).statusCode).toBe(403);
  });
});

describe('one post, its comments and its actions', () => {
  it('answers visible posts to staff and 404 for every hidden one, wherever the post is named', async () => {
    for (const name of VISIBLE) {
      const id = idOf(name);
      const res = await get(`/v1/api/newsfeed/${id}?userId=${staff.user.id}`, staff);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data.title).toBe(name);
      expect((await get(`/v1/api/comments/getComments?feedPostId=${id}`, staff)).statusCode).toBe(200);
    }
    for (const name of HIDDEN) {
      const id = idOf(name);
      expect((await get(`/v1/api/newsfeed/${id}`, staff)).statusCode, name).toBe(404);
      expect((await get(`/v1/api/comments/getComments?feedPostId=${id}`, staff)).statusCode, name).toBe(404);
      const comment = await post('/v1/api/comments', { content: 'Hello', feedPostId: id }, staff);
      expect(comment.statusCode, name).toBe(404);
      const like = await post(
        '/v1/api/newsfeed/action',
        { active: 1, feedPostId: id, feedPostActionTypeId: 1 },
        staff,
      );
      expect(like.statusCode, name).toBe(404);
    }
  });

  it('answers roles 1 and 3 any post, drafts and other audiences included', async () => {
    for (const s of [admin, editor]) {
      for (const name of HIDDEN) {
        const res = await get(`/v1/api/newsfeed/${idOf(name)}`, s);
        expect(res.statusCode, name).toBe(200);
      }
    }
  });

  it('lists drafts and out-of-window posts to roles 1 and 3 in /feed-posts, and refuses staff', async () => {
    for (const s of [admin, editor]) {
      const res = await get('/v1/api/feed-posts?limit=-1', s);
      expect(res.statusCode).toBe(200);
      const listed = ids(res.json().data);
      for (const name of [...VISIBLE, ...HIDDEN]) expect(listed).toContain(idOf(name));
      const drafts = await get('/v1/api/feed-posts?limit=-1&stateId=1', s);
      expect(ids(drafts.json().data).sort()).toEqual(['draft', 'featuredDraft'].map(idOf).sort());
    }
    expect((await get('/v1/api/feed-posts?limit=-1', staff)).statusCode).toBe(403);
    expect((await get(`/v1/api/feed-posts/${idOf('draft')}`, staff)).statusCode).toBe(403);
  });

  it('answers 404 for a post that does not exist and 400 for an id that cannot be one', async () => {
    expect((await get('/v1/api/newsfeed/999999', admin)).statusCode).toBe(404);
    expect((await get('/v1/api/newsfeed/abc', staff)).statusCode).toBe(400);
    expect((await get('/v1/api/newsfeed/0', staff)).statusCode).toBe(400);
    expect((await get('/v1/api/newsfeed/99999999999', staff)).statusCode).toBe(400);
    expect((await get('/v1/api/comments/getComments?feedPostId=x', staff)).statusCode).toBe(400);
  });
});

describe('the featured carousel', () => {
  it('holds at most 10 posts, the newest first', async () => {
    const made: number[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await createPost(t.db, admin.user.id, {
        isFeatured: true,
        startAt: new Date(Date.now() - (30 + i) * 60 * 1000),
      });
      made.push(p.id);
    }
    const res = await get('/v1/api/newsfeed?isFeatured=1&limit=10', staff);
    expect(ids(res.json().data.posts)).toEqual(made.slice(0, 10));
    const big = await get('/v1/api/newsfeed?isFeatured=1&limit=50', staff);
    expect(big.json().data.posts).toHaveLength(10);
  });
});
