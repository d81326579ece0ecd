// Like (1) and favourite (2) toggles, shared by feed posts and community posts (ADR 010: both are
// feed_posts rows). Idempotent: setting what is already set changes nothing. The count on the post moves in
// the same transaction, and only when a row was really inserted or deleted, so the counts stay equal to the
// rows however many requests race. Who may act on which post is the caller's `PostAccess`.
import { ACTION_TYPE, type ActionResult } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedPostActions, feedPosts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { findPost } from './queries';

/**
 * The post `postId` as the caller may write on it (like, favourite, comment): undefined answers 404 (not
 * there, or not theirs to see); it may throw itself (403 for a reader who may not write).
 */
export type PostAccess = (
  tx: Db,
  postId: number,
) => Promise<{ id: number; isCommentable: boolean } | undefined>;

type Viewer = { id: number; seesAll: boolean };

/** Feed posts (kind 1) only, as the viewer may read them. */
export const feedPostAccess =
  (viewer: Viewer): PostAccess =>
  (tx, postId) =>
    findPost(tx, postId, viewer);

export type ActionRequest = { postId: number; actionTypeId: number; active: boolean };

export async function setPostAction(
  db: Db,
  userId: number,
  access: PostAccess,
  req: ActionRequest,
): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    if (!(await access(tx, req.postId))) throw notFound();
    const key = and(
      eq(feedPostActions.postId, req.postId),
      eq(feedPostActions.userId, userId),
      eq(feedPostActions.actionTypeId, req.actionTypeId),
    );
    const changed = req.active
      ? await tx
          .insert(feedPostActions)
          .values({ postId: req.postId, userId, actionTypeId: req.actionTypeId })
          .onConflictDoNothing()
          .returning({ postId: feedPostActions.postId })
      : await tx.delete(feedPostActions).where(key).returning({ postId: feedPostActions.postId });
    if (changed.length > 0) {
      const delta = req.active ? 1 : -1;
      const column = req.actionTypeId === ACTION_TYPE.LIKE ? 'likesCount' : 'favouritesCount';
      await tx
        .update(feedPosts)
        .set({ [column]: sql`${feedPosts[column]} + ${delta}` })
        .where(eq(feedPosts.id, req.postId));
    }
    const [counts] = await tx
      .select({ likes: feedPosts.likesCount, favourites: feedPosts.favouritesCount })
      .from(feedPosts)
      .where(eq(feedPosts.id, req.postId));
    const mine = await tx
      .select({ actionTypeId: feedPostActions.actionTypeId })
      .from(feedPostActions)
      .where(and(eq(feedPostActions.postId, req.postId), eq(feedPostActions.userId, userId)));
    return {
      successful: true,
      likes: counts?.likes ?? 0,
      favourites: counts?.favourites ?? 0,
      isLiked: mine.some((a) => a.actionTypeId === ACTION_TYPE.LIKE),
      isFavourited: mine.some((a) => a.actionTypeId === ACTION_TYPE.FAVOURITE),
    };
  });
}
