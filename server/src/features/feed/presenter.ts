// Shapes feed posts for the API. A page's relations load in one batched query each (categories, groups,
// files, the viewer's actions, authors), never one query per post.
import {
  ACTION_TYPE,
  type FeedCategory,
  type FeedPost,
  type FileInfo,
  type Group,
  type UserSummary,
} from '@hearth/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  feedCategories,
  feedPostActions,
  feedPostCategories,
  feedPostFiles,
  feedPostGroups,
  files,
  groups,
  users,
} from '../../db/schema';
import { fileUrl } from '../users/presenter';
import type { PostRow } from './queries';

const RESOURCE_TYPES = ['image', 'video', 'raw'] as const;
const resourceType = (value: string): FileInfo['resourceType'] =>
  (RESOURCE_TYPES as readonly string[]).includes(value) ? (value as FileInfo['resourceType']) : 'raw';

function groupBy<T extends { postId: number }>(rows: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(row.postId);
    if (list) list.push(row);
    else map.set(row.postId, [row]);
  }
  return map;
}

/** id, name and avatar of the given users (what a colleague may see). */
export async function loadSummaries(db: Db, ids: readonly number[]): Promise<Map<number, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      imageKey: files.storageKey,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, firstName: r.firstName, lastName: r.lastName, profileImage: fileUrl(r.imageKey) },
    ]),
  );
}

/** Shapes posts (in the order given) with their relations and the viewer's like and favourite flags. */
export async function presentPosts(db: Db, rows: PostRow[], viewerId: number): Promise<FeedPost[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [categoryRows, groupRows, fileRows, actionRows, authors] = await Promise.all([
    db
      .select({ postId: feedPostCategories.postId, id: feedCategories.id, name: feedCategories.name })
      .from(feedPostCategories)
      .innerJoin(feedCategories, eq(feedCategories.id, feedPostCategories.categoryId))
      .where(inArray(feedPostCategories.postId, ids))
      .orderBy(asc(feedCategories.name), asc(feedCategories.id)),
    db
      .select({
        postId: feedPostGroups.postId,
        id: groups.id,
        name: groups.name,
        groupTypeId: groups.groupTypeId,
      })
      .from(feedPostGroups)
      .innerJoin(groups, eq(groups.id, feedPostGroups.groupId))
      .where(inArray(feedPostGroups.postId, ids))
      .orderBy(asc(groups.groupTypeId), asc(groups.name), asc(groups.id)),
    db
      .select({
        postId: feedPostFiles.postId,
        id: files.id,
        storageKey: files.storageKey,
        thumbnailKey: files.thumbnailKey,
        resourceType: files.resourceType,
        mimeType: files.mimeType,
        originalName: files.originalName,
        size: files.size,
      })
      .from(feedPostFiles)
      .innerJoin(files, eq(files.id, feedPostFiles.fileId))
      .where(inArray(feedPostFiles.postId, ids))
      .orderBy(asc(feedPostFiles.position), asc(files.id)),
    db
      .select({ postId: feedPostActions.postId, actionTypeId: feedPostActions.actionTypeId })
      .from(feedPostActions)
      .where(and(eq(feedPostActions.userId, viewerId), inArray(feedPostActions.postId, ids))),
    loadSummaries(
      db,
      rows.map((r) => r.userId),
    ),
  ]);
  const categories = groupBy(categoryRows);
  const audiences = groupBy(groupRows);
  const attachments = groupBy(fileRows);
  const actions = groupBy(actionRows);
  return rows.map((row) => {
    const mine = actions.get(row.id) ?? [];
    const isLiked = mine.some((a) => a.actionTypeId === ACTION_TYPE.LIKE);
    const isFavourited = mine.some((a) => a.actionTypeId === ACTION_TYPE.FAVOURITE);
    const author = authors.get(row.userId) ?? {
      id: row.userId,
      firstName: '',
      lastName: '',
      profileImage: null,
    };
    return {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      text: row.text,
      feedCategories: (categories.get(row.id) ?? []).map(({ id, name }): FeedCategory => ({ id, name })),
      createdAt: row.createdAt.toISOString(),
      user: author,
      isFeatured: row.isFeatured ? 1 : 0,
      isCommentable: row.isCommentable ? 1 : 0,
      stateId: row.stateId,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt?.toISOString() ?? null,
      files: (attachments.get(row.id) ?? []).map(
        (f): FileInfo => ({
          id: f.id,
          sourceUrl: `/files/${f.storageKey}`,
          thumbnailUrl: fileUrl(f.thumbnailKey),
          resourceType: resourceType(f.resourceType),
          mimeType: f.mimeType,
          originalName: f.originalName,
          size: f.size,
        }),
      ),
      groups: (audiences.get(row.id) ?? []).map(
        ({ id, name, groupTypeId }): Group => ({ id, name, groupTypeId }),
      ),
      likes: row.likesCount,
      favourites: row.favouritesCount,
      comments: row.commentsCount,
      actions: { isLiked, isFavourited },
      isLiked,
      isFavourited,
    };
  });
}

export async function presentPost(db: Db, row: PostRow, viewerId: number): Promise<FeedPost> {
  const [post] = await presentPosts(db, [row], viewerId);
  if (!post) throw new Error('post not presented');
  return post;
}
