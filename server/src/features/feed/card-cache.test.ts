// @engine: raw driver values reach the answer without the zod serializer
// The feed pages take a card's content from the card cache (card-cache.ts) and skip the zod serializer:
// their answers must still be exactly the schema's shape, match what a single post reads, and show an
// edit, a like and a new comment on the very next page.
import { envelope, feedPage, ROLE, STATE } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { CardCache, type CardContent } from './card-cache';
import { createCategory, createFileRow, createPost } from './test-support';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF } });
const { admin, staff } = t.users;

/** Saves a published post through the admin form, open from a minute ago. */
const save = (
  postId: number,
  form: { title: string; text: string; feedCategories: number[]; files?: number[] },
) =>
  t.call('PUT', `/v1/api/feed-posts/${postId}`, admin, {
    subtitle: 'Sub',
    startAt: new Date(Date.now() - 60_000).toISOString(),
    endAt: '2099-01-01 00:00:00',
    stateId: STATE.PUBLISHED,
    ...form,
  });

const get = async (url: string, s: Session) => {
  const res = await t.get(url, s);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('feed pages through the card cache', () => {
  it('answer exactly the schema: parsing with it changes nothing', async () => {
    const category = await createCategory(t.db);
    await createPost(t.db, admin.user.id, { categoryIds: [category.id], title: 'Shaped' });
    const first = await get('/v1/api/newsfeed?limit=10', staff);
    const second = await get('/v1/api/newsfeed?limit=10', staff); // served from the cache
    expect(second).toEqual(first);
    expect(envelope(feedPage).parse(second)).toEqual(second);
    expect(second.data.posts.length).toBeGreaterThan(0);
  });

  it("give each card the same body as GET /newsfeed/{id}, which adds only the caller's acknowledgement", async () => {
    const file = await createFileRow(t.db, { createdById: admin.user.id });
    const post = await createPost(t.db, admin.user.id, { title: 'Same both ways' });
    const saved = await save(post.id, {
      title: 'Same both ways',
      text: '<p>x</p>',
      feedCategories: [(await createCategory(t.db)).id],
      files: [file.id],
    });
    expect(saved.statusCode).toBe(200);
    const page = await get('/v1/api/newsfeed?limit=50', staff);
    const card = page.data.posts.find((p: { id: number }) => p.id === post.id);
    const single = await get(`/v1/api/newsfeed/${post.id}`, staff);
    expect({ ...card, acknowledgedAt: null }).toEqual(single.data);
    expect(card.files).toHaveLength(1);
  });

  it('show an edit, a like and a comment on the next page although the content was cached', async () => {
    const category = await createCategory(t.db);
    const post = await createPost(t.db, admin.user.id, { title: 'Before the edit' });
    const cardOf = async () =>
      (await get('/v1/api/newsfeed?limit=50', staff)).data.posts.find(
        (p: { id: number }) => p.id === post.id,
      );
    expect((await cardOf()).title).toBe('Before the edit');

    const edit = await save(post.id, {
      title: 'After the edit',
      text: '<p>edited</p>',
      feedCategories: [category.id],
    });
    expect(edit.statusCode).toBe(200);
    await t.call('POST', '/v1/api/newsfeed/action', staff, {
      active: 1,
      feedPostId: post.id,
      feedPostActionTypeId: 1,
    });
    await t.call('POST', '/v1/api/comments', staff, { content: 'Nice', feedPostId: post.id });
    const card = await cardOf();
    expect(card).toMatchObject({
      title: 'After the edit',
      text: '<p>edited</p>',
      feedCategories: [{ id: category.id, name: category.name }],
      likes: 1,
      isLiked: true,
      actions: { isLiked: true, isFavourited: false },
      comments: 1,
    });
  });
});

describe('CardCache', () => {
  const content = (title: string) => ({ id: 1, title }) as unknown as CardContent;

  it('answers only the version it holds, and nothing once the entry is older than 30 s', () => {
    const cache = new CardCache();
    cache.set(1, 100, content('v100'), 0);
    expect(cache.get(1, 100, 1_000)?.title).toBe('v100');
    expect(cache.get(1, 101, 1_000)).toBeUndefined();
    expect(cache.get(1, 100, 30_001)).toBeUndefined();
    cache.set(1, 101, content('v101'), 0);
    expect(cache.get(1, 101, 0)?.title).toBe('v101');
  });

  it('drops the oldest entry beyond 5,000', () => {
    const cache = new CardCache();
    for (let id = 1; id <= 5_001; id++) cache.set(id, 1, content(`p${id}`), 0);
    expect(cache.get(1, 1, 0)).toBeUndefined();
    expect(cache.get(2, 1, 0)?.title).toBe('p2');
    expect(cache.get(5_001, 1, 0)?.title).toBe('p5001');
  });
});

describe('CardCache.contents', () => {
  const loaded = (id: number, version: number) => ({
    id,
    version,
    content: { id, title: `p${id} v${version}` } as unknown as CardContent,
  });
  /** A loader that answers each id at `version` when released, counting its calls. */
  const loader = (version: number) => {
    const calls: number[][] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const load = async (ids: number[]) => {
      calls.push(ids);
      await gate;
      return ids.map((id) => loaded(id, version));
    };
    return { calls, load, release: () => release() };
  };

  it('loads a missing card once for the requests that miss it meanwhile, and keeps it', async () => {
    const cache = new CardCache();
    const { calls, load, release } = loader(7);
    const first = cache.contents(
      [
        { id: 1, version: 7 },
        { id: 2, version: 7 },
      ],
      load,
    );
    const second = cache.contents(
      [
        { id: 2, version: 7 },
        { id: 3, version: 7 },
      ],
      load,
    );
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(calls).toEqual([[1, 2], [3]]);
    expect(a.get(2)).toBe(b.get(2));
    expect(b.get(2)?.title).toBe('p2 v7');
    expect(b.get(3)?.title).toBe('p3 v7');
    // Now cached: no load at all.
    expect((await cache.contents([{ id: 1, version: 7 }], load)).get(1)?.title).toBe('p1 v7');
    expect(calls).toHaveLength(2);
  });

  it('loads again for a request whose row is of another version than the shared load read', async () => {
    const cache = new CardCache();
    const old = loader(1);
    const first = cache.contents([{ id: 1, version: 1 }], old.load);
    const fresh = loader(2);
    const second = cache.contents([{ id: 1, version: 2 }], (ids) => {
      fresh.release();
      return fresh.load(ids);
    });
    old.release();
    expect((await first).get(1)?.title).toBe('p1 v1');
    expect((await second).get(1)?.title).toBe('p1 v2');
    expect(fresh.calls).toEqual([[1]]);
  });

  it('fails only the request whose load failed: one waiting on it loads again', async () => {
    const cache = new CardCache();
    let fail = () => {};
    const failing = cache.contents(
      [{ id: 1, version: 1 }],
      () =>
        new Promise((_, reject) => {
          fail = () => reject(new Error('connection lost'));
        }),
    );
    const good = loader(1);
    const waiting = cache.contents([{ id: 1, version: 1 }], (ids) => {
      good.release();
      return good.load(ids);
    });
    fail();
    await expect(failing).rejects.toThrow('connection lost');
    expect((await waiting).get(1)?.title).toBe('p1 v1');
    expect(good.calls).toEqual([[1]]);
  });
});
