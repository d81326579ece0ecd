// Reads of community posts: the admin list, a community's posts, and the posts of the communities a user
// joined (the News Communities tab and /community-posts/user/{id}). Pages are keyset on (start_at, id),
// newest start first, like the feed's All tab (feed/cursor.ts), and use feed_posts_community_idx.
import { type CommunityPost, STATE } from '@hearth/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { COMMUNITY_KIND, publishedAt } from '../../access/posts';
import type { Db } from '../../db/client';
import { communities, feedPosts } from '../../db/schema';
import { loadCardRelations, type PageRow, pageColumns } from '../posts/cards';
import { type Cursor, decodeCursor, encodeCursor, olderThan } from '../posts/cursor';
import { presentCommunityPost } from './post-presenter';
import type { CommunityPostRow } from './post-visibility';

const afterCursor = (after: Cursor | undefined) => olderThan(feedPosts.startAt, feedPosts.id, after);

type PageOptions = { viewerId: number; take: number; next?: string };

/** Reads one more row than the page shows to know whether another follows; `next` is the feed's cursor. */
async function page(
  db: Db,
  where: SQL | undefined,
  o: PageOptions,
): Promise<{ rows: PageRow[]; next: string | null }> {
  const after = o.next ? decodeCursor('f', o.next) : undefined;
  const rows = await db
    .select(pageColumns(o.viewerId))
    .from(feedPosts)
    .where(and(COMMUNITY_KIND, where, afterCursor(after)))
    .orderBy(desc(feedPosts.startAt), desc(feedPosts.id))
    .limit(o.take + 1);
  const shown = rows.slice(0, o.take);
  const last = shown.at(-1);
  return {
    rows: shown,
    next: rows.length > o.take && last ? encodeCursor('f', last.startAt, last.id) : null,
  };
}

/** A community's posts; drafts and posts outside their window only when `withUnpublished`. */
export function communityPostsPage(
  db: Db,
  o: PageOptions & { communityId: number; withUnpublished: boolean; now?: Date },
) {
  return page(
    db,
    and(
      eq(feedPosts.communityId, o.communityId),
      o.withUnpublished ? undefined : publishedAt(o.now ?? new Date()),
    ),
    o,
  );
}

/**
 * Published, in-window posts of the published communities `memberId` belongs to (managers are members).
 * Counters and the like/favourite flags are those of `viewerId`.
 */
export function joinedPostsPage(db: Db, o: PageOptions & { memberId: number; now?: Date }) {
  return page(
    db,
    and(
      publishedAt(o.now ?? new Date()),
      sql`"feed_posts"."community_id" in (select m.community_id from community_members m
        join communities c on c.id = m.community_id
        where m.user_id = ${o.memberId} and c.state_id = ${STATE.PUBLISHED})`,
    ),
    o,
  );
}

/** The admin list: every community post (drafts too), newest created first; `limit` <= 0 or absent: all. */
export async function allCommunityPostIds(
  db: Db,
  o: { limit?: number; stateId?: number },
): Promise<number[]> {
  const query = db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(COMMUNITY_KIND, o.stateId === undefined ? undefined : eq(feedPosts.stateId, o.stateId)))
    .orderBy(desc(feedPosts.createdAt), desc(feedPosts.id));
  const rows = await (o.limit && o.limit > 0 ? query.limit(o.limit) : query);
  return rows.map((r) => r.id);
}

/** Community posts by id (kind 2 only), for the presenter. */
export const communityPostsById = (db: Db, ids: readonly number[]) =>
  db
    .select()
    .from(feedPosts)
    .where(and(COMMUNITY_KIND, inArray(feedPosts.id, [...ids])));

/** Shapes the posts in the order given, with the viewer's flags. */
export async function communityPostsOf(
  db: Db,
  rows: CommunityPostRow[],
  viewerId: number,
): Promise<CommunityPost[]> {
  if (rows.length === 0) return [];
  const relations = await loadCardRelations(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  const communityIds = [...new Set(rows.flatMap((r) => (r.communityId === null ? [] : [r.communityId])))];
  const titles = communityIds.length
    ? await db
        .select({ id: communities.id, title: communities.title })
        .from(communities)
        .where(inArray(communities.id, communityIds))
    : [];
  const byId = new Map(titles.map((c) => [c.id, c]));
  return rows.map((r) =>
    presentCommunityPost(
      r,
      relations.get(r.id),
      r.communityId === null ? undefined : byId.get(r.communityId),
    ),
  );
}

/** Shapes the community posts of the given ids, in that order (a post gone meanwhile is left out). */
export async function communityPostsByIds(
  db: Db,
  ids: readonly number[],
  viewerId: number,
): Promise<CommunityPost[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await communityPostsById(db, ids)).map((r) => [r.id, r]));
  return communityPostsOf(
    db,
    ids.flatMap((id) => rows.get(id) ?? []),
    viewerId,
  );
}

export async function communityPostOf(
  db: Db,
  row: CommunityPostRow,
  viewerId: number,
): Promise<CommunityPost> {
  const [post] = await communityPostsOf(db, [row], viewerId);
  if (!post) throw new Error('community post not presented');
  return post;
}
