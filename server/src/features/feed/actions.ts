// Like (1) and favourite (2) toggles. Idempotent: setting what is already set changes nothing. The count on
// the post moves in the same transaction, and only when a row was really inserted or deleted, so the
// counts stay equal to the rows however many requests race.
import { ACTION_TYPE, type ActionResult } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedPostActions, feedPosts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { findPost } from './queries';

export type ActionRequest = { postId: number; actionTypeId: number; active: boolean };
type Viewer = { id: number; seesAll: boolean };

export async function setPostAction(db: Db, viewer: Viewer, req: ActionRequest): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    if (!(await findPost(tx, req.postId, viewer))) throw notFound();
    const key = and(
      eq(feedPostActions.postId, req.postId),
      eq(feedPostActions.userId, viewer.id),
      eq(feedPostActions.actionTypeId, req.actionTypeId),
    );
    const changed = req.active
      ? await tx
          .insert(feedPostActions)
          .values({ postId: req.postId, userId: viewer.id, actionTypeId: req.actionTypeId })
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
      .where(and(eq(feedPostActions.postId, req.postId), eq(feedPostActions.userId, viewer.id)));
    return {
      successful: true,
      likes: counts?.likes ?? 0,
      favourites: counts?.favourites ?? 0,
      isLiked: mine.some((a) => a.actionTypeId === ACTION_TYPE.LIKE),
      isFavourited: mine.some((a) => a.actionTypeId === ACTION_TYPE.FAVOURITE),
    };
  });
}
