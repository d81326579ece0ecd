// The feed's hand-written reads. Each page query is built by an exported function, so the EXPLAIN test
// plans exactly the SQL the service runs.
import { ACTION_TYPE, type PostReportRow } from '@hearth/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { FEED_KIND, visibleTo } from '../../access/posts';
import { type Db, queryRows } from '../../db/client';
import { type Bind, literal, tsParam } from '../../db/params';
import { prepared } from '../../db/prepared';
import { feedCategories, feedPostActions, feedPosts } from '../../db/schema';
import { actionEntries } from '../posts/actions';
import { type PageRow, type PostRow, pageColumns } from '../posts/cards';
import { type Cursor, olderThan } from '../posts/cursor';

/** The featured carousel holds at most this many posts (product.md section 4). */
export const FEATURED_MAX = 10;

/**
 * `take` is the number of rows to fetch: a page asks for one more than it shows, to know if more follow.
 * It is written into the SQL (not bound), so a prepared page query's generic plan knows its LIMIT; the
 * other values may be placeholders of the prepared form (`readFeedPage`).
 */
type FeedPageOptions = {
  userId: Bind<number>;
  now: Bind<Date>;
  take: number;
  after?: { at: Bind<Date>; id: Bind<number> };
  featured?: boolean;
};

/** LIMIT as literal SQL: drizzle binds a number, and a bound LIMIT makes PostgreSQL replan every run. */
function literalLimit(take: number) {
  if (!Number.isInteger(take) || take < 1 || take > 1000) throw new Error(`bad page size ${take}`);
  return literal(take) as unknown as number;
}

/**
 * Visible posts of the staff feed as page rows (pageColumns), newest start first, keyset on (start_at, id).
 * The redundant `start_at <=` bound keeps the cursor inside the index condition, so a deep page costs what
 * the first one does.
 */
export function feedPageQuery(db: Db, o: FeedPageOptions) {
  const after = olderThan(feedPosts.startAt, feedPosts.id, o.after);
  return db
    .select(pageColumns(o.userId))
    .from(feedPosts)
    .where(and(visibleTo(o.userId, o.now), o.featured ? eq(feedPosts.isFeatured, true) : undefined, after))
    .orderBy(desc(feedPosts.startAt), desc(feedPosts.id))
    .limit(literalLimit(o.take));
}

type ActionPageOptions = Omit<FeedPageOptions, 'featured'> & { actionTypeId: number };

/** The Likes or Favourites tab: visible posts the user acted on, as page rows, newest action first. */
export function actionPageQuery(db: Db, o: ActionPageOptions) {
  const a = feedPostActions;
  const after = olderThan(a.createdAt, a.postId, o.after);
  return db
    .select({ ...pageColumns(o.userId), actedAt: a.createdAt })
    .from(a)
    .innerJoin(feedPosts, eq(feedPosts.id, a.postId))
    .where(and(eq(a.userId, o.userId), eq(a.actionTypeId, o.actionTypeId), visibleTo(o.userId, o.now), after))
    .orderBy(desc(a.createdAt), desc(a.postId))
    .limit(literalLimit(o.take));
}

/*
 * The feed's page queries run as prepared statements (db/prepared.ts; a name per shape: tab, first or later
 * page, page size): planning this query cost more than running it. The SQL is exactly what
 * `feedPageQuery` / `actionPageQuery` build, which the EXPLAIN test plans.
 */
const slot = {
  userId: sql.placeholder('userId'),
  now: sql.placeholder('now'),
  afterAt: sql.placeholder('afterAt'),
  afterId: sql.placeholder('afterId'),
};

type PageValues = { userId: number; now: Date; take: number; after?: Cursor };
const valuesOf = (o: PageValues) => ({
  userId: o.userId,
  now: o.now.toISOString(),
  ...(o.after ? { afterAt: o.after.at.toISOString(), afterId: o.after.id } : {}),
});
const slotsOf = (o: PageValues) => ({
  userId: slot.userId,
  now: slot.now,
  take: o.take,
  after: o.after ? { at: slot.afterAt, id: slot.afterId } : undefined,
});

/** A page of the All tab or the carousel, through its prepared statement. */
export function readFeedPage(db: Db, o: PageValues & { featured?: boolean }): Promise<PageRow[]> {
  const name = `feed_${o.featured ? 'featured' : 'all'}_${o.after ? 'next' : 'first'}_${o.take}`;
  const query = prepared(db, name, () => feedPageQuery(db, { ...slotsOf(o), featured: o.featured }));
  return query ? query.execute(valuesOf(o)) : feedPageQuery(db, o);
}

/** A page of the Likes or Favourites tab, through its prepared statement. */
export function readActionPage(
  db: Db,
  o: PageValues & { actionTypeId: number },
): Promise<(PageRow & { actedAt: Date })[]> {
  const name = `feed_action${o.actionTypeId}_${o.after ? 'next' : 'first'}_${o.take}`;
  const query = prepared(db, name, () =>
    actionPageQuery(db, { ...slotsOf(o), actionTypeId: o.actionTypeId }),
  );
  return query ? query.execute(valuesOf(o)) : actionPageQuery(db, o);
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
    .where(and(eq(feedPosts.id, id), viewer.seesAll ? FEED_KIND : visibleTo(viewer.id, now)));
  return row;
}

/** The admin post list: every post, newest created first; `limit` <= 0 or absent means all. */
export async function listAllPosts(db: Db, o: { limit?: number; stateId?: number }): Promise<PostRow[]> {
  const query = db
    .select()
    .from(feedPosts)
    .where(and(FEED_KIND, o.stateId === undefined ? undefined : eq(feedPosts.stateId, o.stateId)))
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

/** Where a post activity batch resumes: the last row's start and id (the order is newest start first). */
export type PostsReportCursor = { startAt: Date; id: number };

/** Which feed posts, in which order, how many: the reports narrow and order the post activity rows. */
export type PostsReportSlice = {
  where?: SQL;
  /** The sort key; ids break ties in the same direction. Default: the newest start first. */
  sort?: { key: SQL; dir: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
};

/** Resumes the newest-start order after a cursor. */
export const afterPostCursor = (after: PostsReportCursor) =>
  sql`(${feedPosts.startAt}, ${feedPosts.id}) < (${tsParam(after.startAt)}, ${after.id})`;

/**
 * Post activity rows (feed posts): counts from the row, category names joined in SQL. The slice is taken
 * first and the category names (a subquery per row) computed only for its rows: in one query they would
 * be computed for every row the sort reads, a second for 100,000 posts before the first page came back.
 * Serves GET /newsfeed/postsReport (every row), and the reports' table pages and CSV batches.
 */
export function postsReportRows(db: Db, slice: PostsReportSlice = {}) {
  const { key, dir } = slice.sort ?? { key: sql`${feedPosts.startAt}`, dir: 'desc' };
  const by = dir === 'asc' ? asc : desc;
  let inner = db
    .select({
      id: feedPosts.id,
      title: feedPosts.title,
      subtitle: feedPosts.subtitle,
      startAt: feedPosts.startAt,
      endAt: feedPosts.endAt,
      comments: feedPosts.commentsCount,
      likes: feedPosts.likesCount,
      favourites: feedPosts.favouritesCount,
      requiresAck: feedPosts.requiresAck,
      // Selected so the outer query can keep the slice's order.
      sortKey: sql`${key}`.as('sort_key'),
    })
    .from(feedPosts)
    .where(and(FEED_KIND, slice.where))
    .orderBy(by(key), by(feedPosts.id))
    .$dynamic();
  if (slice.limit) inner = inner.limit(slice.limit);
  if (slice.offset) inner = inner.offset(slice.offset);
  // Qualified by hand below: Drizzle writes a subquery's field unqualified, and a bare "id" inside the
  // category subquery would bind to the categories' own id.
  const p = inner.as('p');
  return db
    .select({
      id: p.id,
      title: p.title,
      subtitle: p.subtitle,
      startAt: p.startAt,
      endAt: p.endAt,
      comments: p.comments,
      likes: p.likes,
      favourites: p.favourites,
      requiresAck: p.requiresAck,
      categoryName: sql<string>`coalesce((
        select string_agg(c.name, ', ' order by c.name)
        from feed_post_categories pc join feed_categories c on c.id = pc.category_id
        where pc.post_id = "p"."id"), '')`,
      // Reach (issue 18): the slice's posts' reads by the post_reads primary key's prefix, one pass each.
      reads: sql<[number, number, number]>`(select array[count(r.seen_at)::int, count(r.opened_at)::int,
        count(r.acknowledged_at)::int] from post_reads r where r.post_id = "p"."id")`,
    })
    .from(p)
    .orderBy(by(sql`"p"."sort_key"`), by(sql`"p"."id"`));
}

/** A post activity row as the API answers it, built field by field (its routes skip the zod serialiser). */
export const postReportJson = (r: Awaited<ReturnType<typeof postsReportRows>>[number]): PostReportRow => ({
  id: r.id,
  title: r.title,
  subtitle: r.subtitle,
  startAt: r.startAt.toISOString(),
  endAt: r.endAt?.toISOString() ?? null,
  comments: r.comments,
  likes: r.likes,
  favourites: r.favourites,
  categoryName: r.categoryName,
  seen: r.reads[0],
  opened: r.reads[1],
  acknowledged: r.requiresAck ? r.reads[2] : null,
});

/** Post activity for GET /newsfeed/postsReport: every feed post. */
export async function postsReport(db: Db): Promise<PostReportRow[]> {
  return (await postsReportRows(db)).map(postReportJson);
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
  const [post] = await db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.id, postId), FEED_KIND));
  if (!post) return undefined;
  return actionEntries(db, postId, actionTypeId);
}

/** When `userId` acknowledged post `postId`; null when they have not (issue 33: the post's page says so). The row is reach's (reach/reads.ts writes it). */
export async function acknowledgedAt(db: Db, userId: number, postId: number): Promise<Date | null> {
  const [row] = await queryRows<{ acknowledged_at: string | Date | null }>(
    db,
    sql`select acknowledged_at from post_reads where post_id = ${postId} and user_id = ${userId}`,
  );
  return row?.acknowledged_at ? new Date(row.acknowledged_at) : null;
}
