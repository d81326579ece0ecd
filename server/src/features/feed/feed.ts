// The staff feed's pages: All (keyset on start time), the featured carousel, and the Likes and Favourites
// tabs (keyset on the action's time). Each page is one query: the posts come with their card relations.
// Communities arrive with their own issue: that tab is empty until then.
import { ACTION_TYPE, type FeedPage, type NewsfeedQuery } from '@hearth/contract';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor } from './cursor';
import { presentCard } from './presenter';
import { FEATURED_MAX, readActionPage, readFeedPage } from './queries';

type PageQuery = Pick<NewsfeedQuery, 'isFeatured' | 'next' | 'action'> & { limit: number };

export async function loadFeedPage(
  db: Db,
  userId: number,
  q: PageQuery,
  now = new Date(),
): Promise<FeedPage> {
  if (q.action === 'communities') return { posts: [], next: null };

  if (q.isFeatured === 1) {
    const rows = await readFeedPage(db, {
      userId,
      now,
      take: Math.min(q.limit, FEATURED_MAX),
      featured: true,
    });
    return { posts: rows.map(presentCard), next: null };
  }

  if (q.action === '1' || q.action === '2') {
    const after = q.next ? decodeCursor('a', q.next) : undefined;
    const actionTypeId = q.action === '1' ? ACTION_TYPE.LIKE : ACTION_TYPE.FAVOURITE;
    const rows = await readActionPage(db, { userId, now, take: q.limit + 1, actionTypeId, after });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const next = rows.length > q.limit && last ? encodeCursor('a', last.actedAt, last.id) : null;
    return { posts: page.map(presentCard), next };
  }

  const after = q.next ? decodeCursor('f', q.next) : undefined;
  const rows = await readFeedPage(db, { userId, now, take: q.limit + 1, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next = rows.length > q.limit && last ? encodeCursor('f', last.startAt, last.id) : null;
  return { posts: page.map(presentCard), next };
}
