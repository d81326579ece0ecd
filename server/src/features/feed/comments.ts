// Comments on feed posts with @mentions. Content is plain text (the web escapes it when showing it). The
// editor's `@[First Last](id)` markers are stripped to `@First Last` here too, should any arrive; the ids
// travel in userIDs and are checked to be existing, active users.
// COMMENT notifications (a later issue) go to `mentioned` as returned by addComment, after its commit.
import { type Comment, type commentBody, MSG } from '@hearth/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { feedCommentMentions, feedComments, feedPosts, users } from '../../db/schema';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/errors';
import { loadSummaries } from '../users/presenter';
import { findPost } from './queries';

export type CommentForm = z.output<typeof commentBody>;
type Viewer = { id: number; seesAll: boolean };

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

/** A post's comments, oldest first; a post the viewer may not see answers 404. */
export async function listComments(db: Db, viewer: Viewer, postId: number): Promise<Comment[]> {
  if (!(await findPost(db, postId, viewer))) throw notFound();
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
  viewer: Viewer,
  form: CommentForm,
): Promise<{ comment: Comment; mentioned: number[] }> {
  const content = stripMentionMarkers(form.content).trim();
  if (!content) throw fieldError('content', MSG.commentRequired);
  // Mentioning oneself is ignored, as is naming someone twice.
  const mentioned = [...new Set(form.userIDs)].filter((id) => id !== viewer.id);
  const row = await db.transaction(async (tx) => {
    const post = await findPost(tx, form.feedPostId, viewer);
    if (!post) throw notFound();
    if (!post.isCommentable) throw forbidden(MSG.commentsClosed);
    if (mentioned.length) {
      const active = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, mentioned), eq(users.isActive, true)));
      if (active.length !== mentioned.length)
        throw badRequest(MSG.mentionUnknown, { userIDs: MSG.mentionUnknown });
    }
    const [created] = await tx
      .insert(feedComments)
      .values({ postId: post.id, userId: viewer.id, content })
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
