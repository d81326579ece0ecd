// Creating and editing feed posts (roles 1 and 3). Create and update take the whole form
// (product.md section 4): an update replaces categories, audience and files. Everything is checked and
// written in one transaction.
import { type feedPostBody, MSG } from '@hearth/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/policy';
import { FEED_KIND } from '../../access/posts';
import type { Db } from '../../db/client';
import { feedCategories, feedPostCategories, feedPostGroups } from '../../db/schema';
import { fieldError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/html/sanitize';
import { audienceGroups } from '../audience/audience';
import { notifyPostIfDue } from '../notifications/events';
import { checkFiles, lockPost, writePost } from '../posts/write';

export type PostForm = z.output<typeof feedPostBody>;

const unique = (ids: readonly number[]) => [...new Set(ids)];

async function checkCategories(tx: Db, ids: number[]): Promise<void> {
  const found = await tx
    .select({ id: feedCategories.id })
    .from(feedCategories)
    .where(inArray(feedCategories.id, ids));
  if (found.length !== ids.length) throw fieldError('feedCategories', MSG.invalidInput);
}

/** Creates (no postId) or replaces (postId) a post; answers its id. The author is the creator, kept on edit. */
export async function savePost(db: Db, caller: Actor, form: PostForm, postId?: number): Promise<number> {
  const callerId = caller.id;
  const categoryIds = unique(form.feedCategories);
  const groupIds = unique(form.groups);
  const fileIds = unique(form.files);
  const text = sanitizeRichText(form.text);
  return db.transaction(async (tx) => {
    if (postId !== undefined) await lockPost(tx, postId, FEED_KIND);
    await checkCategories(tx, categoryIds);
    const audience = await audienceGroups(tx, groupIds);
    await checkFiles(tx, fileIds, postId, caller);

    const values = {
      title: form.title,
      subtitle: form.subtitle,
      text,
      isFeatured: form.isFeatured === 1,
      isCommentable: form.isCommentable === 1,
      stateId: form.stateId,
      startAt: form.startAt,
      endAt: form.endAt,
      hasAudience: audience.length > 0,
      // Must-read (issue 18): a due date only with it. Saving moves updated_at, so cached cards renew.
      requiresAck: form.requiresAck === 1,
      ackDueAt: form.requiresAck === 1 ? form.ackDueAt : null,
    };
    const id = await writePost(tx, postId, values, { userId: callerId }, fileIds);
    if (postId !== undefined) {
      await tx.delete(feedPostCategories).where(eq(feedPostCategories.postId, id));
      await tx.delete(feedPostGroups).where(eq(feedPostGroups.postId, id));
    }
    await tx.insert(feedPostCategories).values(categoryIds.map((categoryId) => ({ postId: id, categoryId })));
    if (audience.length)
      await tx
        .insert(feedPostGroups)
        .values(audience.map((g) => ({ postId: id, groupId: g.id, groupTypeId: g.groupTypeId })));
    // Published and started: its audience is notified (once; a scheduled post by the ticker, fanout.ts).
    await notifyPostIfDue(tx, id, callerId);
    return id;
  });
}
