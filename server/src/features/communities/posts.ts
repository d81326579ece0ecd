// Creating and editing community posts, and the verify call (product.md sections 5 and 7; ADR 010). Only
// administrators and the managers of the post's community write its posts: on edit the caller must manage
// the post's current community and, when it moves, the new one too. The author is the caller on create and
// is kept on edit. Files go through the feed's checks (shared feed_post_files), the text through the same
// sanitiser. Everything is checked and written in one transaction.
import { type communityPostBody, MSG, POST_KIND } from '@hearth/contract';
import type { z } from 'zod';
import type { Viewer } from '../../access/communities';
import { authorize } from '../../access/policy';
import { COMMUNITY_KIND } from '../../access/posts';
import type { Db } from '../../db/client';
import { fieldError, forbidden, notFound } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/html/sanitize';
import { notifyPostIfDue } from '../notifications/events';
import { checkFiles, lockPost, writePost } from '../posts/write';
import { communityAccess } from './access';
import { editsPostsOf, readablePost } from './post-visibility';

export type CommunityPostForm = z.output<typeof communityPostBody>;

/** Whether the viewer may edit the post; undefined when they may not even read it (404). */
export async function verifyPost(db: Db, viewer: Viewer, postId: number): Promise<boolean | undefined> {
  const found = await readablePost(db, viewer, postId);
  return found ? editsPostsOf(viewer, found.access) : undefined;
}

/** The community a post is being saved into: seen by the caller (else 404) and managed by them (else 403). */
async function assertManages(tx: Db, viewer: Viewer, communityId: number | null): Promise<void> {
  if (communityId === null) {
    authorize(viewer, 'post.withoutCommunity');
    return;
  }
  const access = await communityAccess(tx, viewer, communityId);
  if (!access) throw notFound();
  if (!editsPostsOf(viewer, access)) throw forbidden();
}

/** Creates (no postId) or replaces (postId) a community post; answers its id. */
export async function saveCommunityPost(
  db: Db,
  viewer: Viewer,
  form: CommunityPostForm,
  postId?: number,
  now = new Date(),
): Promise<number> {
  const fileIds = [...new Set(form.files)];
  const text = sanitizeRichText(form.text);
  const communityId = form.communityId ?? null;
  return db.transaction(async (tx) => {
    let existing: { startAt: Date; userId: number } | undefined;
    if (postId !== undefined) {
      await lockPost(tx, postId, COMMUNITY_KIND);
      const found = await readablePost(tx, viewer, postId, now);
      if (!found) throw notFound();
      if (!editsPostsOf(viewer, found.access)) throw forbidden();
      existing = found.post;
    }
    // createdById is never trusted: it may name the caller, or on edit the post's author (kept).
    if (form.createdById !== undefined)
      authorize(viewer, 'post.setAuthor', { authorId: form.createdById, currentAuthorId: existing?.userId });
    await assertManages(tx, viewer, communityId);
    await checkFiles(tx, fileIds, postId, viewer);

    // A post without a start shows from when it is first saved; an edit without one keeps its start.
    const startAt = form.startAt ?? existing?.startAt ?? now;
    if (form.endAt && form.endAt.getTime() <= startAt.getTime())
      throw fieldError('endAt', MSG.endBeforeStart);
    const values = {
      title: form.title,
      subtitle: form.subtitle,
      text,
      isCommentable: form.isCommentable === 1,
      stateId: form.stateId,
      startAt,
      endAt: form.endAt,
      communityId,
    };
    const id = await writePost(tx, postId, values, { userId: viewer.id, kind: POST_KIND.COMMUNITY }, fileIds);
    // Published, started and in a community: its members are notified (once; scheduled ones by fanout.ts).
    await notifyPostIfDue(tx, id, viewer.id);
    return id;
  });
}
