// Feed test data builders: posts, categories and files written straight to the database (fast), for the
// feed's tests and the authorisation matrix. Only tests import this file.
import { randomUUID } from 'node:crypto';
import { STATE } from '@hearth/contract';
import { audienceOf } from '../../../test/factories';
import type { Db } from '../../db/client';
import { feedCategories, feedPostCategories, feedPostGroups, feedPosts, files } from '../../db/schema';

let seq = 0;
const DAY = 24 * 3600 * 1000;

export async function createCategory(db: Db, name = `Category ${Date.now().toString(36)}-${++seq}`) {
  const [row] = await db.insert(feedCategories).values({ name }).returning();
  if (!row) throw new Error('category not created');
  return row;
}

export type PostOverrides = Partial<typeof feedPosts.$inferInsert> & {
  categoryIds?: number[];
  groupIds?: number[];
};

/** A published post for everyone, started an hour ago and open for a week, unless overridden. */
export async function createPost(db: Db, userId: number, overrides: PostOverrides = {}) {
  const { categoryIds = [], groupIds = [], ...rest } = overrides;
  const now = Date.now();
  const [post] = await db
    .insert(feedPosts)
    .values({
      title: `Post ${++seq}`,
      subtitle: 'A subtitle',
      text: '<p>Body</p>',
      userId,
      stateId: STATE.PUBLISHED,
      startAt: new Date(now - 3600 * 1000),
      endAt: new Date(now + 7 * DAY),
      hasAudience: groupIds.length > 0,
      ...rest,
    })
    .returning();
  if (!post) throw new Error('post not created');
  if (categoryIds.length)
    await db
      .insert(feedPostCategories)
      .values(categoryIds.map((categoryId) => ({ postId: post.id, categoryId })));
  const audience = await audienceOf(db, groupIds);
  if (audience.length)
    await db.insert(feedPostGroups).values(audience.map((a) => ({ postId: post.id, ...a })));
  return post;
}

/** A files row as an upload would leave it (no blob: the feed reads only the row). */
export async function createFileRow(db: Db, overrides: Partial<typeof files.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await db
    .insert(files)
    .values({
      storageKey: `post/${id}.png`,
      thumbnailKey: `post/${id}.jpg`,
      mimeType: 'image/png',
      resourceType: 'image',
      size: 1234,
      originalName: 'picture.png',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('file not created');
  return row;
}

/** A valid, published feed post form (POST/PUT /feed-posts) for everyone, open until 2099; `over` changes fields. */
export const feedPostForm = (categoryId: number, over: Record<string, unknown> = {}) => ({
  title: 'Quarterly results',
  subtitle: 'A strong quarter',
  text: '<p>Body</p>',
  feedCategories: [categoryId],
  groups: [],
  startAt: '2026-01-01 08:00:00',
  endAt: '2099-12-31 23:59:59',
  isFeatured: 0,
  isCommentable: 1,
  stateId: STATE.PUBLISHED,
  files: [],
  ...over,
});
