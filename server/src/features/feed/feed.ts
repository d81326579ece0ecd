// The staff feed's pages: All (keyset on start time), the featured carousel, and the Likes and Favourites
// tabs (keyset on the action's time). A page is one query for the posts' ids, versions, counters and the
// viewer's actions; the cards' content comes from the card cache, and one more query loads what it lacks.
// The Communities tab lists the published, in-window posts of the communities the user joined
// (communities/post-queries.ts): community posts are feed_posts rows (ADR 010) and pass through the same
// card cache and presenter, their cards carrying communityId.
import { ACTION_TYPE, type FeedPage, type FeedPost, type NewsfeedQuery } from '@hearth/contract';
import type { Db } from '../../db/client';
import { joinedPostsPage } from '../communities/post-queries';
import { loadCardContents, loadCardRelations, type PageRow, type PostRow } from '../posts/cards';
import { decodeCursor, encodeCursor } from '../posts/cursor';
import { cardCacheOf } from './card-cache';
import { presentCards, presentContent, withCounters } from './presenter';
import { FEATURED_MAX, readActionPage, readFeedPage } from './queries';

type PageQuery = Pick<NewsfeedQuery, 'isFeatured' | 'next' | 'action'> & { limit: number };

export async function loadFeedPage(
  db: Db,
  userId: number,
  q: PageQuery,
  now = new Date(),
): Promise<FeedPage> {
  if (q.action === 'communities') {
    const { rows, next } = await joinedPostsPage(db, {
      memberId: userId,
      viewerId: userId,
      take: q.limit,
      next: q.next,
      now,
    });
    return { posts: await presentPage(db, rows), next };
  }

  if (q.isFeatured === 1) {
    const rows = await readFeedPage(db, {
      userId,
      now,
      take: Math.min(q.limit, FEATURED_MAX),
      featured: true,
    });
    return { posts: await presentPage(db, rows), next: null };
  }

  if (q.action === '1' || q.action === '2') {
    const after = q.next ? decodeCursor('a', q.next) : undefined;
    const actionTypeId = q.action === '1' ? ACTION_TYPE.LIKE : ACTION_TYPE.FAVOURITE;
    const rows = await readActionPage(db, { userId, now, take: q.limit + 1, actionTypeId, after });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    const next = rows.length > q.limit && last ? encodeCursor('a', last.actedAt, last.id) : null;
    return { posts: await presentPage(db, page), next };
  }

  const after = q.next ? decodeCursor('f', q.next) : undefined;
  const rows = await readFeedPage(db, { userId, now, take: q.limit + 1, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const next = rows.length > q.limit && last ? encodeCursor('f', last.startAt, last.id) : null;
  return { posts: await presentPage(db, page), next };
}

/** The page's cards: cached content where its version still holds, the rest loaded in one query. */
async function presentPage(db: Db, rows: PageRow[]): Promise<FeedPost[]> {
  const contents = await cardCacheOf(db).contents(
    rows.map((r) => ({ id: r.id, version: r.updatedAt.getTime() })),
    async (ids) =>
      (await loadCardContents(db, ids)).map((post) => ({
        id: post.id,
        version: post.updatedAt.getTime(),
        content: presentContent(post),
      })),
  );
  // A post deleted between the two queries has no content: it is left out of the page.
  return rows.flatMap((r) => {
    const content = contents.get(r.id);
    return content ? [withCounters(content, r)] : [];
  });
}

/** Posts read without their card relations (in the order given), with those loaded in one query. */
export async function cardsOf(db: Db, rows: PostRow[], viewerId: number): Promise<FeedPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  return presentCards(rows, await loadCardRelations(db, ids, viewerId));
}

export async function cardOf(db: Db, row: PostRow, viewerId: number): Promise<FeedPost> {
  const [post] = await cardsOf(db, [row], viewerId);
  if (!post) throw new Error('post not presented');
  return post;
}
