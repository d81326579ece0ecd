// A post's card as one row (ADR 010: feed and community posts are both feed_posts rows): its relations
// (categories, audience, files, author) and the viewer's like and favourite as columns of the post's own
// row, and the counters a page reads per post.
import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Bind } from '../../db/params';
import { feedPosts } from '../../db/schema';

/** A post's columns but its search vector, which no card shows (a few hundred bytes a row, ADR 031). */
export type PostRow = Omit<typeof feedPosts.$inferSelect, 'searchVector'>;
const { searchVector: _unshown, ...postColumns } = getTableColumns(feedPosts);

/** What a card shows besides the post's own columns: its relations and the viewer's like and favourite. */
export type CardRelations = {
  categories: { id: number; name: string }[];
  audience: { id: number; name: string; groupTypeId: number }[];
  attachments: {
    id: number;
    storageKey: string;
    thumbnailKey: string | null;
    width: number | null;
    height: number | null;
    variantWidths: number[];
    resourceType: string;
    mimeType: string;
    originalName: string | null;
    size: number;
  }[];
  author: { id: number; firstName: string; lastName: string; imageKey: string | null } | null;
  /** The viewer's action types on the post (like, favourite); null when none. */
  viewerActions: number[] | null;
};
export type CardRow = PostRow & CardRelations;

/**
 * A card's relations as columns of the post's own row: JSON built in the database by correlated
 * subqueries, each an index probe on the post's id (primary keys lead with post_id). As output columns they
 * run only for the rows the page returns (the LIMIT stops the scan; behind a sort PostgreSQL postpones
 * costly output columns past it), so a page costs one round trip instead of one per relation: under load
 * the round trips (query building, socket writes, result parsing in Node), not the probes, were the cost.
 */
export function cardColumns(viewerId: Bind<number>) {
  return { ...contentColumns(), viewerActions: viewerActionsColumn(viewerId) };
}

/** A card's relations that do not depend on the viewer (cached by the feed pages, card-cache.ts). */
function contentColumns() {
  const post = sql`"feed_posts"."id"`;
  return {
    categories: sql<CardRelations['categories']>`(select coalesce(json_agg(json_build_object(
        'id', c.id, 'name', c.name) order by c.name, c.id), '[]'::json)
      from feed_post_categories pc join feed_categories c on c.id = pc.category_id
      where pc.post_id = ${post})`,
    audience: sql<CardRelations['audience']>`(select coalesce(json_agg(json_build_object(
        'id', g.id, 'name', g.name, 'groupTypeId', g.group_type_id)
        order by g.group_type_id, g.name, g.id), '[]'::json)
      from feed_post_groups pg join groups g on g.id = pg.group_id
      where pg.post_id = ${post})`,
    attachments: sql<CardRelations['attachments']>`(select coalesce(json_agg(json_build_object(
        'id', f.id, 'storageKey', f.storage_key, 'thumbnailKey', f.thumbnail_key,
        'width', f.width, 'height', f.height, 'variantWidths', f.variant_widths,
        'resourceType', f.resource_type, 'mimeType', f.mime_type, 'originalName', f.original_name,
        'size', f.size) order by pf.position, f.id), '[]'::json)
      from feed_post_files pf join files f on f.id = pf.file_id
      where pf.post_id = ${post})`,
    author: sql<CardRelations['author']>`(select json_build_object(
        'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'imageKey', af.storage_key)
      from users u left join files af on af.id = u.profile_image_file_id
      where u.id = "feed_posts"."user_id")`,
  };
}

/**
 * The viewer's like and favourite: both flags from one probe of the primary key (post_id, user_id, ...).
 * A scalar subquery always runs per row, where EXISTS may be planned as a hash of all the viewer's likes.
 */
const viewerActionsColumn = (viewerId: Bind<number>) =>
  sql<number[] | null>`(select array_agg(va.action_type_id) from feed_post_actions va
    where va.post_id = "feed_posts"."id" and va.user_id = ${viewerId})`;

/**
 * What a feed page reads per post: what changes without the post being saved (counters, the viewer's
 * actions) and the version (updated_at) that says whether the cached content still holds.
 */
export function pageColumns(viewerId: Bind<number>) {
  return {
    id: feedPosts.id,
    startAt: feedPosts.startAt,
    updatedAt: feedPosts.updatedAt,
    likesCount: feedPosts.likesCount,
    favouritesCount: feedPosts.favouritesCount,
    commentsCount: feedPosts.commentsCount,
    viewerActions: viewerActionsColumn(viewerId),
  };
}
export type PageRow = {
  id: number;
  startAt: Date;
  updatedAt: Date;
  likesCount: number;
  favouritesCount: number;
  commentsCount: number;
  viewerActions: number[] | null;
};

/** The posts with their viewer-independent relations, for the cards the cache does not hold. */
export function loadCardContents(db: Db, ids: readonly number[]): Promise<(PostRow & ContentRelations)[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...postColumns, ...contentColumns() })
    .from(feedPosts)
    .where(inArray(feedPosts.id, [...ids]));
}
export type ContentRelations = Omit<CardRelations, 'viewerActions'>;

/** The card relations of the given posts, for lists that were read without them (one query). */
export async function loadCardRelations(
  db: Db,
  ids: readonly number[],
  viewerId: number,
): Promise<Map<number, CardRelations>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: feedPosts.id, ...cardColumns(viewerId) })
    .from(feedPosts)
    .where(inArray(feedPosts.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...relations }) => [id, relations]));
}
