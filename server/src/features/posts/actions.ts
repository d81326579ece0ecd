// Like (1) and favourite (2) toggles, shared by feed posts and community posts (ADR 010: both are
// feed_posts rows). Idempotent: setting what is already set changes nothing. The count on the post moves in
// the same transaction, and only when a row was really inserted or deleted, so the counts stay equal to the
// rows however many requests race. Who may act on which post is the caller's `PostAccess`.
import { ACTION_TYPE, type ActionResult } from '@hearth/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedPostActions, feedPosts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { loadSummaries } from '../users/queries';

/**
 * The post `postId` as the caller may write on it (like, favourite, comment): undefined answers 404 (not
 * there, or not theirs to see); it may throw itself (403 for a reader who may not write).
 */
export type PostAccess = (
  tx: Db,
  postId: number,
) => Promise<{ id: number; isCommentable: boolean } | undefined>;

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

/** Who did an action on a post, newest first; the caller has checked the post (feed or community). */
export async function actionEntries(db: Db, postId: number, actionTypeId: number) {
  const rows = await db
    .select({ userId: feedPostActions.userId, createdAt: feedPostActions.createdAt })
    .from(feedPostActions)
    .where(and(eq(feedPostActions.postId, postId), eq(feedPostActions.actionTypeId, actionTypeId)))
    .orderBy(desc(feedPostActions.createdAt), desc(feedPostActions.userId));
  const people = await loadSummaries(
    db,
    rows.map((r) => r.userId),
  );
  return rows.flatMap((r) => {
    const user = people.get(r.userId);
    return user ? [{ user, createdAt: r.createdAt.toISOString() }] : [];
  });
}
