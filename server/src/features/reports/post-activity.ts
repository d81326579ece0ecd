// Post activity CSV (SPEC section 9 columns). The rows are the feed's own post activity query (the one
// GET /newsfeed/postsReport answers), read in keyset batches, so the table and the file cannot disagree.
import type { Db } from '../../db/client';
import type { CsvValue } from '../../platform/csv';
import { keysetBatches } from '../../platform/csv';
import { postsReportRows } from '../feed/queries';

const BATCH = 1000;

export async function* postActivityCsvRows(
  db: Db,
  date: (d: Date | null) => string,
): AsyncGenerator<CsvValue[][]> {
  const batches = keysetBatches(
    BATCH,
    (after: { startAt: Date; id: number } | undefined, limit) => postsReportRows(db, { after, limit }),
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
