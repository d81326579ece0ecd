// The notification outbox (ADR 012): a feature records an event INSIDE the transaction that causes it (a post
// published, a survey published, a comment or discussion message with mentions), so the event exists exactly
// when its cause committed. The fan-out (fanout.ts) turns events into one notification per recipient later,
// off the request. Event types are the notification types, plus DISCUSSION: a community discussion message's
// mentions. Its notifications are of type COMMENT whose object is the COMMUNITY id (not a post): the list
// answers `communityId` for them so the web opens the community's discussion board.
import type { NotificationType } from '@hearth/contract';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedPosts, notificationEvents } from '../../db/schema';

export type EventType = NotificationType | 'DISCUSSION';

export type NotifyingEvent = {
  type: EventType;
  objectId: number;
  title: string;
  /** Who caused it: never notified of it. */
  actorId: number | null;
  /**
   * COMMENT and DISCUSSION: the mentioned users (other types derive their audience from the object). The
   * fan-out keeps only those who can open the post or community (the audiences of feed and communities, audiences.ts): the notification
   * shows its title.
   */
  userIds?: readonly number[];
};

/** Writes the event in the caller's transaction `tx`. */
export async function recordEvent(tx: Db, e: NotifyingEvent): Promise<void> {
  await tx.insert(notificationEvents).values({
    type: e.type,
    objectId: e.objectId,
    title: e.title,
    actorId: e.actorId,
    userIds: e.userIds ? [...e.userIds] : null,
  });
}

/**
 * After a post was written in `tx`: when it is published, inside its window and not yet notified, marks it
 * notified and records its event (FEED_POST, or COMMUNITY_POST for a post in a community). The conditional
 * UPDATE makes it exactly once, also against the scheduler (fanout.ts) claiming the same post. A post whose
 * window already ended is never announced: nobody could open it (issue 30, L2).
 */
export async function notifyPostIfDue(tx: Db, postId: number, actorId: number): Promise<void> {
  const [post] = await tx
    .update(feedPosts)
    .set({ notifiedAt: sql`now()` })
    .where(
      and(
        eq(feedPosts.id, postId),
        eq(feedPosts.stateId, 2),
        lte(feedPosts.startAt, sql`now()`),
        or(isNull(feedPosts.endAt), gt(feedPosts.endAt, sql`now()`)),
        isNull(feedPosts.notifiedAt),
      ),
    )
    .returning({
      id: feedPosts.id,
      kind: feedPosts.kind,
      title: feedPosts.title,
      communityId: feedPosts.communityId,
    });
  if (!post) return;
  if (post.kind !== 1 && post.communityId === null) return;
  await recordEvent(tx, {
    type: post.kind === 1 ? 'FEED_POST' : 'COMMUNITY_POST',
    objectId: post.id,
    title: post.title,
    actorId,
  });
}
