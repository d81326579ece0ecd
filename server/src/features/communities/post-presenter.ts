// Shapes community posts for the API (contract communityPost). Files, author and the viewer's like and
// favourite come from the feed's card relations (one query for all the posts), the community titles from
// one more: community posts are feed_posts rows (ADR 010).
import { ACTION_TYPE, type Comment, type CommunityComment, type CommunityPost } from '@hearth/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities } from '../../db/schema';
import { presentFile } from '../files/presenter';
import { type CardRelations, loadCardRelations } from '../posts/cards';
import { summaryOf } from '../users/presenter';
import { communityPostsById } from './post-queries';
import type { CommunityPostRow } from './post-visibility';

function present(
  row: CommunityPostRow,
  rel: CardRelations | undefined,
  community: { id: number; title: string } | undefined,
): CommunityPost {
  const actions = rel?.viewerActions ?? [];
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    text: row.text,
    stateId: row.stateId,
    isCommentable: row.isCommentable ? 1 : 0,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt?.toISOString() ?? null,
    communityId: row.communityId,
    community: community ?? null,
    createdById: row.userId,
    user: rel?.author
      ? summaryOf(rel.author)
      : { id: row.userId, firstName: '', lastName: '', profileImage: null },
    files: (rel?.attachments ?? []).map(presentFile),
    likes: row.likesCount,
    favourites: row.favouritesCount,
    comments: row.commentsCount,
    isLiked: actions.includes(ACTION_TYPE.LIKE),
    isFavourited: actions.includes(ACTION_TYPE.FAVOURITE),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shapes the posts in the order given, with the viewer's flags. */
export async function presentCommunityPosts(
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
    present(r, relations.get(r.id), r.communityId === null ? undefined : byId.get(r.communityId)),
  );
}

/** Shapes the community posts of the given ids, in that order (a post gone meanwhile is left out). */
export async function presentCommunityPostIds(
  db: Db,
  ids: readonly number[],
  viewerId: number,
): Promise<CommunityPost[]> {
  if (ids.length === 0) return [];
  const rows = new Map((await communityPostsById(db, ids)).map((r) => [r.id, r]));
  return presentCommunityPosts(
    db,
    ids.flatMap((id) => rows.get(id) ?? []),
    viewerId,
  );
}

export async function presentCommunityPost(
  db: Db,
  row: CommunityPostRow,
  viewerId: number,
): Promise<CommunityPost> {
  const [post] = await presentCommunityPosts(db, [row], viewerId);
  if (!post) throw new Error('community post not presented');
  return post;
}

/** A comment of the shared comments table (feed/comments.ts) in the community posts' field names. */
export const presentCommunityComment = (c: Comment): CommunityComment => ({
  id: c.id,
  content: c.content,
  communityPostId: c.feedPostId,
  userId: c.userId,
  userIds: c.userIDs,
  createdAt: c.createdAt,
  user: c.user,
});
