// Post activity (product.md section 9 columns): the table's pages (sorted and searched in SQL, as a group may
// have 100,000 posts), the top posts chart and the CSV. All read the feed's own post activity query (the one
// GET /newsfeed/postsReport answers), so the table, the chart and the file cannot disagree.
import type { PostActivitySort, PostReportRow } from '@hearth/contract';
import { and, count, ilike, or, type SQL, sql } from 'drizzle-orm';
import { FEED_KIND } from '../../access/posts';
import type { Db } from '../../db/client';
import { feedPosts } from '../../db/schema';
import type { CsvValue } from '../../platform/csv';
import { keysetBatches } from '../../platform/csv';
import { afterPostCursor, postReportJson, postsReportRows } from '../feed/queries';
import { containsPattern } from '../users/queries';

/** Sort keys; titles sort case-insensitively, a post without an end last when sorting by end ascending. */
const SORT_KEYS: Record<PostActivitySort, SQL> = {
  title: sql`lower(${feedPosts.title})`,
  subtitle: sql`lower(${feedPosts.subtitle})`,
  startAt: sql`${feedPosts.startAt}`,
  endAt: sql`coalesce(${feedPosts.endAt}, 'infinity'::timestamptz)`,
  comments: sql`${feedPosts.commentsCount}`,
  likes: sql`${feedPosts.likesCount}`,
  favourites: sql`${feedPosts.favouritesCount}`,
};

export async function postActivityPage(
  db: Db,
  q: { search?: string; page: number; pageSize: number; sort: PostActivitySort; order: 'asc' | 'desc' },
) {
  const term = q.search ? containsPattern(q.search) : undefined;
  const where = term ? or(ilike(feedPosts.title, term), ilike(feedPosts.subtitle, term)) : undefined;
  const [rows, [total]] = await Promise.all([
    postsReportRows(db, {
      where,
      sort: { key: SORT_KEYS[q.sort], dir: q.order },
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    }),
    db.select({ n: count() }).from(feedPosts).where(and(FEED_KIND, where)),
  ]);
  return { rows: rows.map(postReportJson), total: Number(total?.n ?? 0) };
}

/** The posts with the most likes and comments together, for the chart. */
export async function topPosts(db: Db, limit: number): Promise<PostReportRow[]> {
  const rows = await postsReportRows(db, {
    sort: { key: sql`${feedPosts.likesCount} + ${feedPosts.commentsCount}`, dir: 'desc' },
    limit,
  });
  return rows.map(postReportJson);
}

const BATCH = 1000;

export async function* postActivityCsvRows(
  db: Db,
  date: (d: Date | null) => string,
): AsyncGenerator<CsvValue[][]> {
  const batches = keysetBatches(
    BATCH,
    (after: { startAt: Date; id: number } | undefined, limit) =>
      postsReportRows(db, { where: after ? afterPostCursor(after) : undefined, limit }),
    (row) => ({ startAt: row.startAt, id: row.id }),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [
      r.title,
      r.subtitle,
      date(r.startAt),
      date(r.endAt),
      r.comments,
      r.likes,
      r.favourites,
      r.categoryName,
    ]);
  }
}
