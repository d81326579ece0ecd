// Creating and editing feed posts (roles 1 and 3): the whole form in one transaction, product.md's messages
// for invalid forms, and nothing changed by a refused request. The admin list, categories and reports:
// post-lists.test.ts.
import { MSG, STATE } from '@hearth/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGroups } from '../../../test/factories';
import { EVERY_ROLE, useTestApp } from '../../../test/use-test-app';
import { feedPostCategories, feedPostFiles, feedPostGroups, feedPosts, users } from '../../db/schema';
import { createCategory, createFileRow, createPost } from './test-support';

type Category = Awaited<ReturnType<typeof createCategory>>;

const t = useTestApp({ users: EVERY_ROLE });
const { admin, staff, editor, other } = t.users;
let news: Category;
let wins: Category;
let g: Awaited<ReturnType<typeof createGroups>>;

beforeAll(async () => {
  news = await createCategory(t.db, 'Company News');
  wins = await createCategory(t.db, 'Wins');
  g = await createGroups(t.db);
});

const call = t.call;

const form = (over: Record<string, unknown> = {}) => ({
  title: 'Quarterly results',
  subtitle: 'A strong quarter',
  text: '<p>We grew <strong>12%</strong>.</p>',
  feedCategories: [wins.id, news.id],
  groups: [],
  startAt: '2026-01-01 08:00:00',
  endAt: '2099-12-31 23:59:59',
  isFeatured: 1,
  isCommentable: 1,
  stateId: STATE.PUBLISHED,
  files: [],
  ...over,
});

async function totals() {
  const n = async (
    table: typeof feedPosts | typeof feedPostCategories | typeof feedPostGroups | typeof feedPostFiles,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n;
  return {
    posts: await n(feedPosts),
    categories: await n(feedPostCategories),
    groups: await n(feedPostGroups),
    files: await n(feedPostFiles),
  };
}

describe('POST /v1/api/feed-posts', () => {
  it('creates a post with categories, audience and files in the order given, authored by the caller', async () => {
    const [a, b] = [
      await createFileRow(t.db, { createdById: editor.user.id }),
      await createFileRow(t.db, {
        createdById: editor.user.id,
        resourceType: 'raw',
        mimeType: 'application/pdf',
        thumbnailKey: null,
      }),
    ];
    if (!a || !b) throw new Error('files');
    const res = await call(
      'POST',
      '/v1/api/feed-posts',
      editor,
      form({ groups: [g.location.id, g.department.id], files: [b.id, a.id], userId: admin.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const post = res.json().data;
    expect(post).toMatchObject({
      title: 'Quarterly results',
      subtitle: 'A strong quarter',
      text: '<p>We grew <strong>12%</strong>.</p>',
      user: { id: editor.user.id },
      isFeatured: 1,
      isCommentable: 1,
      stateId: 2,
      startAt: '2026-01-01T08:00:00.000Z',
      endAt: '2099-12-31T23:59:59.000Z',
      feedCategories: [
        { id: news.id, name: 'Company News' },
        { id: wins.id, name: 'Wins' },
      ],
      groups: [
        { id: g.location.id, groupTypeId: 1 },
        { id: g.department.id, groupTypeId: 2 },
      ],
      likes: 0,
      favourites: 0,
      comments: 0,
      actions: { isLiked: false, isFavourited: false },
    });
    expect(post.files).toEqual([
      {
        id: b.id,
        sourceUrl: `/files/${b.storageKey}`,
        thumbnailUrl: null,
        width: null,
        height: null,
        variants: [],
        resourceType: 'raw',
        mimeType: 'application/pdf',
        originalName: 'picture.png',
        size: 1234,
      },
      {
        id: a.id,
        sourceUrl: `/files/${a.storageKey}`,
        thumbnailUrl: `/files/${a.thumbnailKey}`,
        width: null,
        height: null,
        variants: [],
        resourceType: 'image',
        mimeType: 'image/png',
        originalName: 'picture.png',
        size: 1234,
      },
    ]);
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, post.id));
    expect(row).toMatchObject({ userId: editor.user.id, hasAudience: true });
    const audience = await t.db.select().from(feedPostGroups).where(eq(feedPostGroups.postId, post.id));
    expect(audience.map((r) => [r.groupId, r.groupTypeId]).sort()).toEqual(
      [
        [g.location.id, 1],
        [g.department.id, 2],
      ].sort(),
    );
  });

  it('accepts ISO 8601 times and defaults to a commentable, unfeatured draft', async () => {
    const res = await call('POST', '/v1/api/feed-posts', admin, {
      title: 'Draft',
      subtitle: 'Later',
      feedCategories: [news.id],
      startAt: '2026-03-01T10:00:00Z',
      endAt: '2026-03-02T10:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      stateId: 1,
      isFeatured: 0,
      isCommentable: 1,
      text: '',
      files: [],
    });
  });

  const invalid: [string, () => Record<string, unknown>, string, string][] = [
    ['no title', () => ({ title: undefined }), 'title', MSG.postTitleRequired],
    ['blank title', () => ({ title: '   ' }), 'title', MSG.postTitleRequired],
    ['title of the wrong type', () => ({ title: 42 }), 'title', MSG.postTitleRequired],
    ['no subtitle', () => ({ subtitle: '' }), 'subtitle', MSG.postSubtitleRequired],
    ['no category', () => ({ feedCategories: [] }), 'feedCategories', MSG.categoryRequired],
    ['missing categories', () => ({ feedCategories: undefined }), 'feedCategories', MSG.categoryRequired],
    ['no start date', () => ({ startAt: undefined }), 'startAt', MSG.startDateRequired],
    [
      'an unreadable start date',
      () => ({ startAt: '2026-02-31 10:00:00' }),
      'startAt',
      MSG.startDateRequired,
    ],
    ['no end date', () => ({ endAt: '' }), 'endAt', MSG.endDateRequired],
    [
      'end before start',
      () => ({ startAt: '2026-05-02 10:00:00', endAt: '2026-05-01 10:00:00' }),
      'endAt',
      MSG.endBeforeStart,
    ],
    [
      'an unknown category',
      () => ({ feedCategories: [news.id, 999999] }),
      'feedCategories',
      MSG.invalidInput,
    ],
    ['an unknown group', () => ({ groups: [999999] }), 'groups', MSG.invalidInput],
    ['a team as audience', () => ({ groups: [g.team.id] }), 'groups', MSG.invalidInput],
    ['an unknown file', () => ({ files: [999999] }), 'files', MSG.invalidInput],
    ['nine files', () => ({ files: [1, 2, 3, 4, 5, 6, 7, 8, 9] }), 'files', MSG.tooManyFiles],
    ['a bad state', () => ({ stateId: 3 }), 'stateId', MSG.invalidInput],
  ];
  for (const [name, over, field, message] of invalid) {
    it(`answers 400 for ${name}, storing nothing`, async () => {
      const before = await totals();
      const res = await call('POST', '/v1/api/feed-posts', admin, form(over()));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.fields?.[field]).toBe(message);
      if (Object.keys(body.fields).length === 1) expect(body.error).toBe(message);
      expect(await totals()).toEqual(before);
    });
  }

  it('refuses a file someone else uploaded, changing nothing', async () => {
    const theirs = await createFileRow(t.db, { createdById: editor.user.id });
    const before = await totals();
    const res = await call('POST', '/v1/api/feed-posts', admin, form({ files: [theirs.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ files: MSG.invalidInput });
    expect(await totals()).toEqual(before);
  });

  it('refuses a file already attached to another post, or someone’s avatar', async () => {
    const taken = await createFileRow(t.db, { createdById: admin.user.id });
    const first = await call('POST', '/v1/api/feed-posts', admin, form({ files: [taken.id] }));
    expect(first.statusCode).toBe(201);
    const avatar = await createFileRow(t.db, {
      createdById: admin.user.id,
      storageKey: `profile/${crypto.randomUUID()}.jpg`,
    });
    await t.db.update(users).set({ profileImageFileId: avatar.id }).where(eq(users.id, staff.user.id));
    const before = await totals();
    for (const id of [taken.id, avatar.id]) {
      const res = await call('POST', '/v1/api/feed-posts', admin, form({ files: [id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ files: MSG.invalidInput });
    }
    expect(await totals()).toEqual(before);
  });

  it('answers 401 without a login and 403 to staff and unknown roles, even for a valid form', async () => {
    const before = await totals();
    expect((await call('POST', '/v1/api/feed-posts', undefined, form())).statusCode).toBe(401);
    for (const s of [staff, other]) {
      const res = await call('POST', '/v1/api/feed-posts', s, form());
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(MSG.forbidden);
    }
    expect(await totals()).toEqual(before);
  });
});

describe('PUT /v1/api/feed-posts/{id}', () => {
  it('replaces the whole post, keeps its author, and lets any editor or admin edit it', async () => {
    const [f1, f2, f3] = [
      await createFileRow(t.db, { createdById: admin.user.id }),
      await createFileRow(t.db, { createdById: admin.user.id }),
      // New to the post in the editor's edit, so the editor's own upload.
      await createFileRow(t.db, { createdById: editor.user.id }),
    ];
    const created = await call(
      'POST',
      '/v1/api/feed-posts',
      admin,
      form({ groups: [g.location.id], files: [f1.id, f2.id] }),
    );
    const id = created.json().data.id;
    const res = await call(
      'PUT',
      `/v1/api/feed-posts/${id}`,
      editor,
      form({
        title: 'Edited',
        feedCategories: [news.id],
        groups: [],
        files: [f3.id, f2.id],
        stateId: 1,
        isFeatured: 0,
        isCommentable: 0,
        text: '<p onclick="x()">Safe</p>',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      title: 'Edited',
      text: '<p>Safe</p>',
      user: { id: admin.user.id },
      stateId: 1,
      isFeatured: 0,
      isCommentable: 0,
      feedCategories: [{ id: news.id }],
      groups: [],
    });
    expect(res.json().data.files.map((f: { id: number }) => f.id)).toEqual([f3.id, f2.id]);
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, id));
    expect(row?.hasAudience).toBe(false);
    // f1 was let go: another post may take it now.
    expect((await call('POST', '/v1/api/feed-posts', admin, form({ files: [f1.id] }))).statusCode).toBe(201);
  });

  it('answers 404 for an unknown post, 400 for a bad id or form, and changes nothing', async () => {
    const p = await createPost(t.db, admin.user.id, { title: 'Untouched' });
    const before = await totals();
    expect((await call('PUT', '/v1/api/feed-posts/999999', admin, form())).statusCode).toBe(404);
    expect((await call('PUT', '/v1/api/feed-posts/abc', admin, form())).statusCode).toBe(400);
    expect((await call('PUT', '/v1/api/feed-posts/0', admin, form())).statusCode).toBe(400);
    const bad = await call(
      'PUT',
      `/v1/api/feed-posts/${p.id}`,
      admin,
      form({ title: '', groups: [g.team.id] }),
    );
    expect(bad.statusCode).toBe(400);
    const unknownCategory = await call(
      'PUT',
      `/v1/api/feed-posts/${p.id}`,
      admin,
      form({ feedCategories: [999999] }),
    );
    expect(unknownCategory.json().fields).toEqual({ feedCategories: MSG.invalidInput });
    expect((await call('PUT', `/v1/api/feed-posts/${p.id}`, staff, form())).statusCode).toBe(403);
    expect(await totals()).toEqual(before);
    const [row] = await t.db.select().from(feedPosts).where(eq(feedPosts.id, p.id));
    expect(row?.title).toBe('Untouched');
  });
});
