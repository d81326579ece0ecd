// Creating and editing feed posts (roles 1 and 3). Create and update take the whole form (SPEC section 4):
// an update replaces categories, audience and files. Everything is checked and written in one transaction.
import { type feedPostBody, GROUP_TYPE, MSG } from '@hearth/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  feedCategories,
  feedPostCategories,
  feedPostFiles,
  feedPostGroups,
  feedPosts,
  files,
  groups,
  users,
} from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/html/sanitize';
import { notifyPostIfDue } from '../notifications/events';
import { FEED_KIND } from './visibility';

export type PostForm = z.output<typeof feedPostBody>;

const unique = (ids: readonly number[]) => [...new Set(ids)];
const AUDIENCE_TYPES: number[] = [GROUP_TYPE.LOCATION, GROUP_TYPE.DEPARTMENT];

async function checkCategories(tx: Db, ids: number[]): Promise<void> {
  const found = await tx
    .select({ id: feedCategories.id })
    .from(feedCategories)
    .where(inArray(feedCategories.id, ids));
  if (found.length !== ids.length) throw fieldError('feedCategories', MSG.invalidInput);
}

/** The audience: existing location and department groups; their type is copied onto the link row. Surveys
 * use it too (surveys/surveys.ts): both follow the same audience rule (PRODUCT-DECISIONS: Audience). */
export async function audienceGroups(tx: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: groups.id, groupTypeId: groups.groupTypeId })
    .from(groups)
    .where(inArray(groups.id, ids));
  if (found.length !== ids.length || found.some((g) => !AUDIENCE_TYPES.includes(g.groupTypeId)))
    throw fieldError('groups', MSG.invalidInput);
  return found;
}

/**
 * Files must exist, be nobody's avatar and belong to no other post; a file new to the post must be one the
 * caller uploaded (ids are guessable, other people's uploads are not theirs to publish). Their rows are
 * locked first, so two posts saved at the same moment cannot both take the same file. Community posts
 * (communities/posts.ts) check theirs here too: both kinds of post share feed_post_files (ADR 010).
 */
export async function checkFiles(
  tx: Db,
  ids: number[],
  postId: number | undefined,
  callerId: number,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: files.id, createdById: files.createdById })
    .from(files)
    .where(inArray(files.id, ids))
    .for('update');
  if (found.length !== ids.length) throw fieldError('files', MSG.invalidInput);
  const attached =
    postId === undefined
      ? new Set<number>()
      : new Set(
          (
            await tx
              .select({ fileId: feedPostFiles.fileId })
              .from(feedPostFiles)
              .where(eq(feedPostFiles.postId, postId))
          ).map((r) => r.fileId),
        );
  if (found.some((f) => !attached.has(f.id) && f.createdById !== callerId)) {
    throw fieldError('files', MSG.invalidInput);
  }
  const [elsewhere] = await tx
    .select({ fileId: feedPostFiles.fileId })
    .from(feedPostFiles)
    .where(
      and(
        inArray(feedPostFiles.fileId, ids),
        postId === undefined ? undefined : ne(feedPostFiles.postId, postId),
      ),
    )
    .limit(1);
  const [avatar] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.profileImageFileId, ids))
    .limit(1);
  if (elsewhere || avatar) throw fieldError('files', MSG.invalidInput);
}

/** Creates (no postId) or replaces (postId) a post; answers its id. The author is the creator, kept on edit. */
export async function savePost(db: Db, callerId: number, form: PostForm, postId?: number): Promise<number> {
  const categoryIds = unique(form.feedCategories);
  const groupIds = unique(form.groups);
  const fileIds = unique(form.files);
  const text = sanitizeRichText(form.text);
  return db.transaction(async (tx) => {
    if (postId !== undefined) {
      const [existing] = await tx
        .select({ id: feedPosts.id })
        .from(feedPosts)
        .where(and(eq(feedPosts.id, postId), FEED_KIND))
        .for('update');
      if (!existing) throw notFound();
    }
    await checkCategories(tx, categoryIds);
    const audience = await audienceGroups(tx, groupIds);
    await checkFiles(tx, fileIds, postId, callerId);

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

type PostRow = typeof feedPosts.$inferInsert;

/**
 * Writes a post's row and files, feed and community posts alike: inserts it with `created` (its author, and
 * kind) when there is no postId, else updates it (updatedAt now) and drops its files; then links `fileIds`
 * in that order. Answers the post's id.
 */
export async function writePost(
  tx: Db,
  postId: number | undefined,
  values: Omit<PostRow, 'id' | 'userId' | 'kind'>,
  created: Pick<PostRow, 'userId' | 'kind'>,
  fileIds: readonly number[],
): Promise<number> {
  let id: number;
  if (postId === undefined) {
    const [row] = await tx
      .insert(feedPosts)
      .values({ ...values, ...created })
      .returning({ id: feedPosts.id });
    if (!row) throw new Error('post not inserted');
    id = row.id;
  } else {
    id = postId;
    await tx
      .update(feedPosts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(feedPosts.id, id));
    await tx.delete(feedPostFiles).where(eq(feedPostFiles.postId, id));
  }
  if (fileIds.length)
    await tx
      .insert(feedPostFiles)
      .values(fileIds.map((fileId, position) => ({ postId: id, fileId, position })));
  return id;
}
