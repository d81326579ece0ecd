// Comments with @mentions on feed posts and community posts (ADR 010: both are feed_posts rows, so one
// table of comments). Content is plain text (the web escapes it when showing it). The editor's
// `@[First Last](id)` markers are stripped to `@First Last` here too, should any arrive; the mentioned ids
// are checked to be existing, active users. Which post the caller may read or write on is the caller's
// `PostAccess` (actions.ts): feed routes pass feed posts only, community routes community posts only.
// COMMENT notifications (a later issue) go to `mentioned` as returned by addComment, after its commit.
import { type Comment, MSG } from '@hearth/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedCommentMentions, feedComments, feedPosts, users } from '../../db/schema';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { loadSummaries } from '../users/presenter';
import type { PostAccess } from './actions';

/**
 * A new comment: the post, the text and the ids of the people it mentions; `mentionField` names the body's
 * field of those ids in a 400 (the feed's `userIDs` unless given).
 */
export type CommentForm = {
  postId: number;
  content: string;
  mentionIds: readonly number[];
  mentionField?: string;
};

const MENTION_MARKER = /@\[([^\]\n]{1,200})\]\(\d{1,10}\)/g;
export const stripMentionMarkers = (content: string) => content.replace(MENTION_MARKER, '@$1');

type CommentRow = { id: number; postId: number; userId: number; content: string; createdAt: Date };

async function present(db: Db, rows: CommentRow[]): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const mentions = await db
    .select({ commentId: feedCommentMentions.commentId, userId: feedCommentMentions.userId })
    .from(feedCommentMentions)
    .where(inArray(feedCommentMentions.commentId, ids))
    .orderBy(asc(feedCommentMentions.commentId), asc(feedCommentMentions.userId));
  const authors = await loadSummaries(
    db,
    rows.map((r) => r.userId),
  );
  const byComment = new Map<number, number[]>();
  for (const m of mentions) byComment.set(m.commentId, [...(byComment.get(m.commentId) ?? []), m.userId]);
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    feedPostId: r.postId,
    userId: r.userId,
    userIDs: byComment.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
    user: authors.get(r.userId) ?? { id: r.userId, firstName: '', lastName: '', profileImage: null },
  }));
}

const commentColumns = {
  id: feedComments.id,
  postId: feedComments.postId,
  userId: feedComments.userId,
  content: feedComments.content,
  createdAt: feedComments.createdAt,
};

/** A post's comments, oldest first; a post `access` does not give answers 404. */
export async function listComments(db: Db, access: PostAccess, postId: number): Promise<Comment[]> {
  if (!(await access(db, postId))) throw notFound();
  const rows = await db
    .select(commentColumns)
    .from(feedComments)
    .where(eq(feedComments.postId, postId))
    .orderBy(asc(feedComments.createdAt), asc(feedComments.id));
  return present(db, rows);
}

/** Adds a comment with its mentions and counts it on the post, in one transaction. */
export async function addComment(
  db: Db,
  userId: number,
  access: PostAccess,
  form: CommentForm,
): Promise<{ comment: Comment; mentioned: number[] }> {
  const content = stripMentionMarkers(form.content).trim();
  if (!content) throw fieldError('content', MSG.commentRequired);
  // Mentioning oneself is ignored, as is naming someone twice.
  const mentioned = [...new Set(form.mentionIds)].filter((id) => id !== userId);
  const row = await db.transaction(async (tx) => {
    const post = await access(tx, form.postId);
    if (!post) throw notFound();
    if (!post.isCommentable) throw forbidden(MSG.commentsClosed);
    if (mentioned.length) {
      const active = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, mentioned), eq(users.isActive, true)));
      if (active.length !== mentioned.length)
        throw badRequest(MSG.mentionUnknown, { [form.mentionField ?? 'userIDs']: MSG.mentionUnknown });
    }
    const [created] = await tx
      .insert(feedComments)
      .values({ postId: post.id, userId, content })
      .returning(commentColumns);
    if (!created) throw new Error('comment not inserted');
    if (mentioned.length)
      await tx
        .insert(feedCommentMentions)
        .values(mentioned.map((userId) => ({ commentId: created.id, userId })));
    await tx
      .update(feedPosts)
      .set({ commentsCount: sql`${feedPosts.commentsCount} + 1` })
      .where(eq(feedPosts.id, post.id));
    return created;
  });
  const [comment] = await present(db, [row]);
  if (!comment) throw new Error('comment not presented');
  return { comment, mentioned };
}
