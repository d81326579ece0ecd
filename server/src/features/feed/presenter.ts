// Shapes feed posts for the API. A card's relations (categories, audience, files, author, the viewer's
// like and favourite) come from the database as columns of the post's row (posts/cards.ts `cardColumns`):
// the feed pages select them with the posts, other lists load them for all their posts in one query
// (feed.ts `cardsOf`).
import { ACTION_TYPE, type FeedPost } from '@hearth/contract';
import { presentFile } from '../files/presenter';
import type { CardRelations, CardRow, PostRow } from '../posts/cards';
import { summaryOf } from '../users/presenter';
import type { CardContent } from './card-cache';

const NO_RELATIONS: CardRelations = {
  categories: [],
  audience: [],
  attachments: [],
  author: null,
  viewerActions: null,
};

/** Shapes one post read with its card relations. */
export function presentCard(row: CardRow): FeedPost {
  return withCounters(presentContent(row), row);
}

/** The part of a card that changes only when the post is saved (card-cache.ts). */
export function presentContent(row: PostRow & Omit<CardRelations, 'viewerActions'>): CardContent {
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
    communityId: row.communityId,
    requiresAck: row.requiresAck,
    ackDueAt: row.ackDueAt?.toISOString() ?? null,
  };
}

type Counters = Pick<PostRow, 'likesCount' | 'favouritesCount' | 'commentsCount'> &
  Pick<CardRelations, 'viewerActions'>;

/** A card's content completed with its counters and the viewer's like and favourite. */
export function withCounters(content: CardContent, row: Counters): FeedPost {
  const isLiked = row.viewerActions?.includes(ACTION_TYPE.LIKE) ?? false;
  const isFavourited = row.viewerActions?.includes(ACTION_TYPE.FAVOURITE) ?? false;
  // Fields copied one by one, not spread: every card of every page passes here, and a literal of a fixed
  // shape is several times cheaper to build than a spread (measured in bench/feed.mjs).
  return {
    id: content.id,
    title: content.title,
    subtitle: content.subtitle,
    text: content.text,
    feedCategories: content.feedCategories,
    createdAt: content.createdAt,
    user: content.user,
    isFeatured: content.isFeatured,
    isCommentable: content.isCommentable,
    stateId: content.stateId,
    startAt: content.startAt,
    endAt: content.endAt,
    files: content.files,
    groups: content.groups,
    communityId: content.communityId,
    likes: row.likesCount,
    favourites: row.favouritesCount,
    comments: row.commentsCount,
    actions: { isLiked, isFavourited },
    isLiked,
    isFavourited,
    requiresAck: content.requiresAck,
    ackDueAt: content.ackDueAt,
  };
}

/** Shapes posts read without their relations (in the order given), with the relations loaded for them. */
export function presentCards(rows: PostRow[], relations: Map<number, CardRelations>): FeedPost[] {
  return rows.map((row) => presentCard({ ...row, ...(relations.get(row.id) ?? NO_RELATIONS) }));
}
