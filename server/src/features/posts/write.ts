// What feed posts and community posts share when they are written (ADR 010: both are feed_posts rows):
// the checks on their files and the writing of the row and its files. Their forms differ and stay with
// feed/posts.ts and communities/posts.ts.
import { MSG } from '@hearth/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Actor, can } from '../../access/policy';
import type { Db } from '../../db/client';
import { feedPostFiles, feedPosts, files, users } from '../../db/schema';
import { fieldError, notFound } from '../../platform/errors';

/**
 * Locks the post `postId` of a kind (`FEED_KIND`, `COMMUNITY_KIND`) before an edit, so two edits of one post
 * apply one after the other; 404 when there is no such post.
 */
export async function lockPost(tx: Db, postId: number, kind: SQL): Promise<void> {
  const [row] = await tx
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), kind))
    .for('update');
  if (!row) throw notFound();
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
  caller: Actor,
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
  if (found.some((f) => !attached.has(f.id) && !can(caller, 'file.attach', f))) {
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
