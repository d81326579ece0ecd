// Shapes feed posts for the API. A card's relations (categories, audience, files, author, the viewer's
// like and favourite) come from the database as columns of the post's row (queries.ts `cardColumns`):
// the feed pages select them with the posts, other lists load them for all their posts in one query.
import { ACTION_TYPE, type FeedPost } from '@hearth/contract';
import type { Db } from '../../db/client';
import { presentFile } from '../files/presenter';
import { summaryOf } from '../users/presenter';
import { type CardRelations, type CardRow, loadCardRelations, type PostRow } from './queries';

const NO_RELATIONS: CardRelations = {
  categories: [],
  audience: [],
  attachments: [],
  author: null,
  viewerActions: null,
};

/** Shapes one post read with its card relations. */
export function presentCard(row: CardRow): FeedPost {
  const isLiked = row.viewerActions?.includes(ACTION_TYPE.LIKE) ?? false;
  const isFavourited = row.viewerActions?.includes(ACTION_TYPE.FAVOURITE) ?? false;
  const author = row.author
    ? summaryOf(row.author)
    : { id: row.userId, firstName: '', lastName: '', profileImage: null };
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    text: row.text,
    feedCategories: row.categories.map(({ id, name }) => ({ id, name })),
    createdAt: row.createdAt.toISOString(),
    user: author,
    isFeatured: row.isFeatured ? 1 : 0,
    isCommentable: row.isCommentable ? 1 : 0,
    stateId: row.stateId,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt?.toISOString() ?? null,
    files: row.attachments.map(presentFile),
    groups: row.audience.map(({ id, name, groupTypeId }) => ({ id, name, groupTypeId })),
    likes: row.likesCount,
    favourites: row.favouritesCount,
    comments: row.commentsCount,
    actions: { isLiked, isFavourited },
    isLiked,
    isFavourited,
  };
}

/** Shapes posts read without their relations (in the order given), loading those in one query. */
export async function presentPosts(db: Db, rows: PostRow[], viewerId: number): Promise<FeedPost[]> {
  if (rows.length === 0) return [];
  const relations = await loadCardRelations(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  return rows.map((row) => presentCard({ ...row, ...(relations.get(row.id) ?? NO_RELATIONS) }));
}

export async function presentPost(db: Db, row: PostRow, viewerId: number): Promise<FeedPost> {
  const [post] = await presentPosts(db, [row], viewerId);
  if (!post) throw new Error('post not presented');
  return post;
}
