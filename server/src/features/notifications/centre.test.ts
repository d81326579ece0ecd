// The notification centre: the history in keyset pages (all or unread, by type), marking one unread again,
// and the shaping the bell's list shares (a must-read reminder opens a feed or a community post).
import { MSG, type Notification, POST_KIND, ROLE } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { createCommunity } from '../communities/test-support';
import { createPost } from '../feed/test-support';
import { notifyDirectly } from './centre-test-support';
import { encodeHistoryCursor } from './history';

const t = useTestApp({ users: { admin: ROLE.ADMIN, staff: ROLE.STAFF, other: ROLE.STAFF } });
const { admin, staff, other } = t.users;

type Page = { notifications: Notification[]; next: string | null; unviewed: number };
const page = async (query: string, s = staff) => {
  const res = await t.get(`/v1/api/notifications/history${query}`, s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page;
};

/** Every page of a query, followed through `next`. */
async function allPages(query: string): Promise<Page[]> {
  const pages = [await page(query)];
  for (let next = pages[0]?.next; next; next = pages[pages.length - 1]?.next)
    pages.push(await page(`${query}${query ? '&' : '?'}next=${next}`));
  return pages;
}

const TYPES = ['FEED_POST', 'SURVEY', 'COMMENT', 'COMMUNITY_POST'] as const;
/** staff's 25 notifications, newest last: every third viewed; five share one moment (ties on sent_at). */
const made: { id: number; type: string; viewed: boolean }[] = [];

beforeAll(async () => {
  const base = Date.now() - 3600_000;
  for (let i = 0; i < 25; i++) {
    const type = TYPES[i % TYPES.length] as string;
    const viewed = i % 3 === 0;
    const sentAt = new Date(i >= 10 && i < 15 ? base + 10_000 : base + i * 1000);
    made.push({
      id: await notifyDirectly(t.db, staff.user.id, type, 1000 + i, `N${i}`, { sentAt, viewed }),
      type,
      viewed,
    });
  }
  // Someone else's never shows.
  await notifyDirectly(t.db, other.user.id, 'FEED_POST', 1, 'Not yours');
});

/** The expected order: newest first, ties by id, newest first. */
const SENT = (i: number) => (i >= 10 && i < 15 ? 10 : i);
const newestFirst = (rows: typeof made) =>
  [...rows]
    .map((r) => ({ ...r, at: SENT(made.indexOf(r)) }))
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .map((r) => r.id);

describe('GET /notifications/history', () => {
  it('pages through everything newest first, ties kept in order, nobody else’s, with the unviewed count', async () => {
    const pages = await allPages('?limit=7');
    expect(pages.map((p) => p.notifications.length)).toEqual([7, 7, 7, 4]);
    expect(pages[3]?.next).toBeNull();
    expect(pages.flatMap((p) => p.notifications.map((n) => n.id))).toEqual(newestFirst(made));
    expect(pages[0]?.unviewed).toBe(made.filter((m) => !m.viewed).length);
    expect(pages[0]?.notifications[0]).toMatchObject({ title: 'N24', viewed: true, isCommunityPost: false });
  });

  it('answers 20 at a time when no limit is asked, as the notification centre asks', async () => {
    const pages = await allPages('');
    expect(pages.map((p) => p.notifications.length)).toEqual([20, 5]);
    expect(pages.flatMap((p) => p.notifications.map((n) => n.id))).toEqual(newestFirst(made));
  });

  it('filters unread, by type, and both', async () => {
    const unread = (await allPages('?filter=unread&limit=5')).flatMap((p) => p.notifications);
    expect(unread.map((n) => n.id)).toEqual(newestFirst(made.filter((m) => !m.viewed)));
    expect(unread.every((n) => !n.viewed)).toBe(true);
    const surveys = (await allPages('?type=SURVEY&limit=3')).flatMap((p) => p.notifications);
    expect(surveys.map((n) => n.id)).toEqual(newestFirst(made.filter((m) => m.type === 'SURVEY')));
    const both = (await allPages('?type=COMMENT&filter=unread')).flatMap((p) => p.notifications);
    expect(both.map((n) => n.id)).toEqual(newestFirst(made.filter((m) => m.type === 'COMMENT' && !m.viewed)));
    expect((await page('?type=ACK_REMINDER')).notifications).toEqual([]);
  });

  it('refuses a cursor that is not one of its own, bad filters and limits (400), and anonymous callers (401)', async () => {
    const feedCursor = Buffer.from('f.1700000000000.5').toString('base64url');
    for (const next of ['nope!', feedCursor, Buffer.from('n.abc.1').toString('base64url'), 'x'.repeat(201)]) {
      const res = await t.get(`/v1/api/notifications/history?next=${next}`, staff);
      expect(res.statusCode, next).toBe(400);
      expect(res.json().fields).toHaveProperty('next');
    }
    for (const q of ['limit=0', 'limit=51', 'filter=read', 'type=BOGUS']) {
      expect((await t.get(`/v1/api/notifications/history?${q}`, staff)).statusCode, q).toBe(400);
    }
    expect((await t.get('/v1/api/notifications/history')).statusCode).toBe(401);
    // A well-formed cursor from before everything answers an empty last page.
    const early = encodeHistoryCursor({ at: new Date(1000), id: 1 });
    expect(await page(`?next=${early}`)).toMatchObject({ notifications: [], next: null });
  });

  it('says where a must-read reminder leads, feed or community post, as the bell does', async () => {
    // Announced already: the worker must not notify anyone of them meanwhile.
    const feedPost = await createPost(t.db, admin.user.id, { notifiedAt: new Date() });
    const community = await createCommunity(t.db, { createdById: admin.user.id, memberIds: [admin.user.id] });
    const communityPost = await createPost(t.db, admin.user.id, {
      kind: POST_KIND.COMMUNITY,
      communityId: community.id,
      notifiedAt: new Date(),
    });
    const later = new Date(Date.now() + 1000);
    await notifyDirectly(t.db, other.user.id, 'ACK_REMINDER', feedPost.id, 'Read the feed post', {
      sentAt: later,
    });
    await notifyDirectly(t.db, other.user.id, 'ACK_REMINDER', communityPost.id, 'Read the community post', {
      sentAt: new Date(later.getTime() + 1000),
    });
    await notifyDirectly(t.db, other.user.id, 'COMMENT', community.id, 'In the discussion', {
      eventType: 'DISCUSSION',
      sentAt: new Date(later.getTime() + 2000),
    });
    const history = (await page('?limit=3', other)).notifications;
    expect(history.map((n) => [n.type, n.objectId, n.isCommunityPost, n.communityId])).toEqual([
      ['COMMENT', community.id, false, community.id],
      ['ACK_REMINDER', communityPost.id, true, undefined],
      ['ACK_REMINDER', feedPost.id, false, undefined],
    ]);
    const bell = (await t.get('/v1/api/notifications', other)).json().data.notifications as Notification[];
    expect(bell.slice(0, 3)).toEqual(history);
  });
});

describe('POST /notifications/unview', () => {
  it('marks one of the caller’s notifications unread again and tells their other tabs', async () => {
    const id = made.find((m) => m.viewed)?.id as number;
    const told: number[][] = [];
    const stop = t.app.events.subscribe((msg) => told.push(msg.userIds));
    const before = (await page('')).unviewed;
    const res = await t.call('POST', '/v1/api/notifications/unview', staff, { notificationId: id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: MSG.markedUnread });
    expect((await page('')).unviewed).toBe(before + 1);
    // On PostgreSQL the bus goes through NOTIFY: the message arrives a moment after the answer.
    for (let i = 0; i < 40 && told.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(told).toContainEqual([staff.user.id]);
    const again = await t.call('POST', '/v1/api/notifications/unview', staff, { notificationId: id });
    expect(again.statusCode).toBe(200);
    expect((await page('')).unviewed).toBe(before + 1);
    // Viewing it again works as before.
    await t.call('POST', '/v1/api/notifications/view', staff, { notificationId: id });
    expect((await page('')).unviewed).toBe(before);
  });

  it('404 for a notification that does not exist or is someone else’s, 400 without an id, 401 anonymous', async () => {
    const someoneElses = await notifyDirectly(t.db, other.user.id, 'SURVEY', 9, 'Theirs', { viewed: true });
    const post = (body: unknown, s = staff) =>
      t.call('POST', '/v1/api/notifications/unview', s, body as object);
    const missing = await post({ notificationId: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    // Someone else's answers exactly as a missing one: whether it exists is none of the caller's business.
    const theirs = await post({ notificationId: someoneElses });
    expect([theirs.statusCode, theirs.json()]).toEqual([404, missing.json()]);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ notificationId: 'x' })).statusCode).toBe(400);
    const anon = await t.call('POST', '/v1/api/notifications/unview', undefined, { notificationId: 1 });
    expect(anon.statusCode).toBe(401);
    // The other's notification stayed read.
    const still = (await page('?type=SURVEY', other)).notifications.find((n) => n.id === someoneElses);
    expect(still?.viewed).toBe(true);
  });
});
