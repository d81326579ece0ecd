// The discussion board of a community: messages with @mentions, oldest first. Whoever sees the community
// reads it; members and administrators write (access.ts). The editor's `@[Name](id)` markers are stripped
// like comments' (posts/comments.ts); the ids travel in userIds and must be active users.
// COMMENT notifications go to `mentioned`: a DISCUSSION event recorded in the message's transaction, whose
// notifications are COMMENTs on the community (object: the community id; notifications/events.ts), only
// for those of them who can see the community (communities/notification-audiences.ts).
import type { DiscussionMessage, discussionBody } from '@hearth/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Viewer } from '../../access/communities';
import type { Db } from '../../db/client';
import { communities, communityDiscussion, communityDiscussionMentions } from '../../db/schema';
import { assertMentionable, presentWritten, readMentions, recordMentions } from '../posts/comments';
import { assertMember, requireCommunity } from './access';

export type DiscussionForm = z.output<typeof discussionBody>;
type MessageRow = typeof communityDiscussion.$inferSelect;

const messageMentions = {
  table: communityDiscussionMentions,
  ownerId: communityDiscussionMentions.messageId,
  userId: communityDiscussionMentions.userId,
};

const present = (db: Db, rows: MessageRow[]): Promise<DiscussionMessage[]> =>
  presentWritten(db, rows, messageMentions, (r, userIds) => ({ communityId: r.communityId, userIds }));

/** GET /communities/:id/discussion: oldest first; 404 when the viewer does not see the community. */
export async function listDiscussion(
  db: Db,
  viewer: Viewer,
  communityId: number,
): Promise<DiscussionMessage[]> {
  await requireCommunity(db, viewer, communityId);
  const rows = await db
    .select()
    .from(communityDiscussion)
    .where(eq(communityDiscussion.communityId, communityId))
    .orderBy(asc(communityDiscussion.createdAt), asc(communityDiscussion.id));
  return present(db, rows);
}

/** POST /communities/discussion: the message, its mentions and num_comments + 1, in one transaction. */
export async function addMessage(
  db: Db,
  viewer: Viewer,
  form: DiscussionForm,
): Promise<{ message: DiscussionMessage; mentioned: number[] }> {
  const { content, mentioned } = readMentions(form.content, form.userIds, viewer.id);
  const row = await db.transaction(async (tx) => {
    const access = await requireCommunity(tx, viewer, form.communityId);
    assertMember(viewer, access);
    await assertMentionable(tx, mentioned, 'userIds');
    const [created] = await tx
      .insert(communityDiscussion)
      .values({ communityId: form.communityId, userId: viewer.id, content })
      .returning();
    if (!created) throw new Error('message not inserted');
    await recordMentions(
      tx,
      mentioned,
      (ids) =>
        tx
          .insert(communityDiscussionMentions)
          .values(ids.map((userId) => ({ messageId: created.id, userId }))),
      async () => {
        const [community] = await tx
          .select({ title: communities.title })
          .from(communities)
          .where(eq(communities.id, form.communityId));
        return {
          type: 'DISCUSSION',
          objectId: form.communityId,
          title: community?.title ?? '',
          actorId: viewer.id,
        };
      },
    );
    await tx
      .update(communities)
      .set({ numComments: sql`${communities.numComments} + 1` })
      .where(eq(communities.id, form.communityId));
    return created;
  });
  const [message] = await present(db, [row]);
  if (!message) throw new Error('message not presented');
  return { message, mentioned };
}
