// @engine: keyset cursors through named prepared statements
// Keyset pagination of the feed and of the Likes tab: every visible post exactly once across pages, even
// while posts are being added between page fetches, and a cursor that is not ours answers 400.
import { MSG, ROLE, STATE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/sessions';
import { useTestApp } from '../../../test/use-test-app';
import { feedPostActions } from '../../db/schema';
import { encodeCursor } from '../posts/cursor';
import { createPost } from './test-support';

type Session = Awaited<ReturnType<typeof userWithSession>>;

const t = useTestApp();
let admin: Session;
let staff: Session;
const MINUTE = 60 * 1000;

const get = (url: string, s: Session) => t.app.inject({ method: 'GET', url, headers: s.headers });

beforeAll(async () => {
  admin = await userWithSession(t.app, t.db, { roleId: ROLE.ADMIN });
  staff = await userWithSession(t.app, t.db);
});

type Page = { posts: { id: number; startAt: string; isLiked: boolean }[]; next: string | null };

describe('GET /v1/api/newsfeed?next=', () => {
  it('returns every visible post exactly once while new posts are added between pages', async () => {
    const base = Date.now() - 1000 * MINUTE;
    const initial: number[] = [];
    for (let i = 0; i < 23; i++) {
      // Groups of three share one start time: the id decides their order, and the cursor must too.
      const startAt = new Date(base + Math.floor(i / 3) * MINUTE);
      initial.push((await createPost(t.db, admin.user.id, { startAt })).id);
      if (i % 5 === 0)
        await createPost(t.db, admin.user.id, { startAt, stateId: STATE.DRAFT, title: 'hidden draft' });
    }

    const seen: number[] = [];
    const backdated: number[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/api/newsfeed?limit=4${next ? `&next=${encodeURIComponent(next)}` : ''}`;
      const res = await get(url, staff);
      expect(res.statusCode).toBe(200);
      const page = res.json().data as Page;
      expect(page.posts.length).toBeLessThanOrEqual(4);
      seen.push(...page.posts.map((p) => p.id));
      next = page.next;
      pages++;
      // Between fetches: a brand-new post (above the cursor, shown on a fresh first page) and one
      // back-dated to the oldest time (below the cursor: it shows up later, once).
      await createPost(t.db, admin.user.id, { startAt: new Date() });
      backdated.push(
        (await createPost(t.db, admin.user.id, { startAt: new Date(base - pages * MINUTE) })).id,
      );
    } while (next && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    for (const id of initial) expect(seen).toContain(id);
    // Every back-dated post inserted before the last page was fetched lies below the cursor.
    for (const id of backdated.slice(0, -1)) expect(seen).toContain(id);
    // Newest start first, ties broken by the higher id.
    const order = seen.filter((id) => initial.includes(id));
    const expected = [...initial].sort((a, b) => {
      const ta = Math.floor(initial.indexOf(a) / 3);
      const tb = Math.floor(initial.indexOf(b) / 3);
      return tb - ta || b - a;
    });
    expect(order).toEqual(expected);
  });

  it('answers 400 naming `next` for a cursor that is not one of ours', async () => {
    const bad = [
      'garbage!',
      'x'.repeat(150),
      Buffer.from('f.abc.1').toString('base64url'),
      Buffer.from('f.1700000000000.0').toString('base64url'),
      Buffer.from('f.1700000000000.99999999999').toString('base64url'),
      Buffer.from("f.1' or 1=1--.1").toString('base64url'),
      // A Likes-tab cursor on the All tab, and the other way round.
      encodeCursor('a', new Date(), 1),
    ];
    for (const next of bad) {
      const res = await get(`/v1/api/newsfeed?next=${encodeURIComponent(next)}`, staff);
      expect(res.statusCode, next).toBe(400);
      expect(res.json().fields).toEqual({ next: MSG.invalidInput });
    }
    const likes = await get(`/v1/api/newsfeed?action=1&next=${encodeCursor('f', new Date(), 1)}`, staff);
    expect(likes.statusCode).toBe(400);
  });
});

describe('GET /v1/api/newsfeed?action=1 (Likes tab)', () => {
  it('pages through the posts the caller liked, newest like first, each once', async () => {
    const liked: number[] = [];
    const t0 = Date.now() - 100 * MINUTE;
    for (let i = 0; i < 7; i++) {
      const p = await createPost(t.db, admin.user.id, { startAt: new Date(t0 - i * MINUTE) });
      // Two likes share a time: the post id breaks the tie.
      const createdAt = new Date(t0 + Math.min(i, 5) * MINUTE);
      await t.db
        .insert(feedPostActions)
        .values({ postId: p.id, userId: staff.user.id, actionTypeId: 1, createdAt });
      liked.push(p.id);
    }
    const favourite = await createPost(t.db, admin.user.id);
    await t.db
      .insert(feedPostActions)
      .values({ postId: favourite.id, userId: staff.user.id, actionTypeId: 2 });

    const seen: number[] = [];
    let next: string | null = null;
    do {
      const res = await get(`/v1/api/newsfeed?action=1&limit=3${next ? `&next=${next}` : ''}`, staff);
      expect(res.statusCode).toBe(200);
      const page = res.json().data as Page;
      expect(page.posts.every((p) => p.isLiked)).toBe(true);
      seen.push(...page.posts.map((p) => p.id));
      next = page.next;
    } while (next);
    const last = liked.slice(5).sort((a, b) => b - a);
    expect(seen).toEqual([...last, ...liked.slice(0, 5).reverse()]);

    const favourites = await get('/v1/api/newsfeed?action=2', staff);
    expect(favourites.json().data.posts.map((p: { id: number }) => p.id)).toEqual([favourite.id]);
  });
});
