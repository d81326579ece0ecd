// The feed's hand-written reads. Each page query is built by an exported function, so the EXPLAIN test
// plans exactly the SQL the service runs.
import { ACTION_TYPE } from '@hearth/contract';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedCategories, feedPostActions, feedPosts } from '../../db/schema';
import type { Cursor } from './cursor';
import { loadSummaries } from './presenter';
import { tsParam, visibleTo } from './visibility';

export type PostRow = typeof feedPosts.$inferSelect;

/** The featured carousel holds at most this many posts (PRODUCT-DECISIONS). */
export const FEATURED_MAX = 10;

/** `take` is the number of rows to fetch: a page asks for one more than it shows, to know if more follow. */
type FeedPageOptions = { userId: number; now: Date; take: number; after?: Cursor; featured?: boolean };

/**
 * Visible posts of the staff feed, newest start first, keyset on (start_at, id). The redundant `start_at <=` bound keeps the
 * cursor inside the index condition, so a deep page costs what the first one does.
 */
export function feedPageQuery(db: Db, o: FeedPageOptions) {
  const after = o.after
    ? and(
        sql`${feedPosts.startAt} <= ${tsParam(o.after.at)}`,
        sql`(${feedPosts.startAt}, ${feedPosts.id}) < (${tsParam(o.after.at)}, ${o.after.id})`,
      )
    : undefined;
  return db
    .select()
    .from(feedPosts)
    .where(and(visibleTo(o.userId, o.now), o.featured ? eq(feedPosts.isFeatured, true) : undefined, after))
    .orderBy(desc(feedPosts.startAt), desc(feedPosts.id))
    .limit(o.take);
}

type ActionPageOptions = { userId: number; now: Date; take: number; actionTypeId: number; after?: Cursor };

/** The Likes or Favourites tab: visible posts the user acted on, newest action first. */
export function actionPageQuery(db: Db, o: ActionPageOptions) {
  const a = feedPostActions;
  const after = o.after
    ? and(
        sql`${a.createdAt} <= ${tsParam(o.after.at)}`,
        sql`(${a.createdAt}, ${a.postId}) < (${tsParam(o.after.at)}, ${o.after.id})`,
      )
    : undefined;
  return db
    .select({ ...getTableColumns(feedPosts), actedAt: a.createdAt })
    .from(a)
    .innerJoin(feedPosts, eq(feedPosts.id, a.postId))
    .where(and(eq(a.userId, o.userId), eq(a.actionTypeId, o.actionTypeId), visibleTo(o.userId, o.now), after))
    .orderBy(desc(a.createdAt), desc(a.postId))
    .limit(o.take);
}

/** A post as its viewer may read it: any post for content administrators, else only a visible one. */
export async function findPost(
  db: Db,
  id: number,
  viewer: { id: number; seesAll: boolean },
  now = new Date(),
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(feedPosts)
    .where(and(eq(feedPosts.id, id), viewer.seesAll ? undefined : visibleTo(viewer.id, now)));
  return row;
}

/** The admin post list: every post, newest created first; `limit` <= 0 or absent means all. */
export async function listAllPosts(db: Db, o: { limit?: number; stateId?: number }): Promise<PostRow[]> {
  const query = db
    .select()
    .from(feedPosts)
    .where(o.stateId === undefined ? undefined : eq(feedPosts.stateId, o.stateId))
    .orderBy(desc(feedPosts.createdAt), desc(feedPosts.id));
  return o.limit && o.limit > 0 ? query.limit(o.limit) : query;
}

export async function listCategories(db: Db, limit?: number) {
  const query = db
    .select({ id: feedCategories.id, name: feedCategories.name })
    .from(feedCategories)
    .orderBy(asc(feedCategories.name), asc(feedCategories.id));
  return limit && limit > 0 ? query.limit(limit) : query;
}

/** Post activity for the reports: counts from the rows, category names joined in SQL. */
export async function postsReport(db: Db) {
  const rows = await db
    .select({
      id: feedPosts.id,
      title: feedPosts.title,
      subtitle: feedPosts.subtitle,
      startAt: feedPosts.startAt,
      endAt: feedPosts.endAt,
      comments: feedPosts.commentsCount,
      likes: feedPosts.likesCount,
      favourites: feedPosts.favouritesCount,
      categoryName: sql<string>`coalesce((
        select string_agg(c.name, ', ' order by c.name)
        from feed_post_categories pc join feed_categories c on c.id = pc.category_id
        where pc.post_id = "feed_posts"."id"), '')`,
    })
    .from(feedPosts)
    .orderBy(desc(feedPosts.startAt), desc(feedPosts.id));
  return rows.map((r) => ({
    ...r,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt?.toISOString() ?? null,
  }));
}

/** The caller's likes and favourites of posts they can still see: the profile tabs' counts match their lists. */
export async function countVisibleActions(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ likes: number; favourites: number }> {
  const [row] = await db
    .select({
      likes: sql<number>`(count(*) filter (where ${feedPostActions.actionTypeId} = ${ACTION_TYPE.LIKE}))::int`,
      favourites: sql<number>`(count(*) filter (where ${feedPostActions.actionTypeId} = ${ACTION_TYPE.FAVOURITE}))::int`,
    })
    .from(feedPostActions)
    .innerJoin(feedPosts, eq(feedPosts.id, feedPostActions.postId))
    .where(and(eq(feedPostActions.userId, userId), visibleTo(userId, now)));
  return { likes: Number(row?.likes ?? 0), favourites: Number(row?.favourites ?? 0) };
}

/** Who liked or favourited a post, newest first; undefined when the post does not exist. */
export async function postActionData(db: Db, postId: number, actionTypeId: number) {
  const [post] = await db.select({ id: feedPosts.id }).from(feedPosts).where(eq(feedPosts.id, postId));
  if (!post) return undefined;
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
