// Shapes community posts for the API (contract communityPost). Files, author and the viewer's like and
// favourite come from the posts' card relations, the community's title from its row; post-queries.ts
// loads both for a whole list (community posts are feed_posts rows, ADR 010).
import { ACTION_TYPE, type Comment, type CommunityComment, type CommunityPost } from '@hearth/contract';
import { presentFile } from '../files/presenter';
import type { CardRelations } from '../posts/cards';
import { summaryOf } from '../users/presenter';
import type { CommunityPostRow } from './post-visibility';

/** A community post with its card relations and its community's id and title. */
export function presentCommunityPost(
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

/** A comment of the shared comments table (posts/comments.ts) in the community posts' field names. */
export const presentCommunityComment = (c: Comment): CommunityComment => ({
  id: c.id,
  content: c.content,
  communityPostId: c.feedPostId,
  userId: c.userId,
  userIds: c.userIDs,
  createdAt: c.createdAt,
  user: c.user,
  mentionedUsers: c.mentionedUsers,
});
