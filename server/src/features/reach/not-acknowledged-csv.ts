// The CSV of who has not acknowledged a must-read post (issue 18): the people it is addressed to now (the
// live audience, access/recipients.ts, which leaves out the author as the funnel does) with no acknowledged_at, by last name, in keyset batches (platform/csv.ts) on
// (lower(last_name), id), the order of users_last_name_sort_idx. Cells are made formula-safe by csvLine.
import { GROUP_TYPE } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import { addressedTo, U_COLLEAGUE, U_ID } from '../../access/recipients';
import { type Db, queryRows } from '../../db/client';
import { literal } from '../../db/params';
import { groupNames } from '../../db/user-groups';
import { type CsvValue, keysetBatches } from '../../platform/csv';

export const NOT_ACKNOWLEDGED_CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'E-mail',
  'Location',
  'Department',
  'Seen',
  'Opened',
] as const;

const BATCH = 1000;

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  sort_key: string;
  location: string | null;
  department: string | null;
  seen_at: Date | string | null;
  opened_at: Date | string | null;
};
type Cursor = { key: string; id: number };

/** One batch of the people who have not acknowledged the post, after `after`. */
export function notAcknowledgedBatch(
  db: Db,
  postId: number,
  now: Date,
  after: Cursor | undefined,
  limit: number,
) {
  return queryRows<Row>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, lower(u.last_name) as sort_key,
        ${groupNames(sql`u.id`, GROUP_TYPE.LOCATION)} as location,
        ${groupNames(sql`u.id`, GROUP_TYPE.DEPARTMENT)} as department,
        r.seen_at, r.opened_at
      from feed_posts join users u on ${U_COLLEAGUE}
      left join post_reads r on r.post_id = feed_posts.id and r.user_id = u.id
      where feed_posts.id = ${postId} and ${addressedTo(U_ID, now)} and r.acknowledged_at is null
        ${after ? sql`and (lower(u.last_name), u.id) > (${after.key}, ${after.id}::int)` : sql``}
      order by lower(u.last_name), u.id
      limit ${literal(limit)}`,
  );
}

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export async function* notAcknowledgedCsvRows(
  db: Db,
  postId: number,
  date: (d: Date | null) => string,
  now = new Date(),
): AsyncGenerator<CsvValue[][]> {
  // Seen and Opened: when it happened, or "No" (issue 33: an empty cell read as a missing figure).
  const when = (v: Date | string | null) => (v === null ? 'No' : date(asDate(v)));
  const batches = keysetBatches(
    BATCH,
    (after: Cursor | undefined, limit) => notAcknowledgedBatch(db, postId, now, after, limit),
    (row) => ({ key: row.sort_key, id: row.id }),
  );
  for await (const rows of batches) {
    yield rows.map((r) => [
      r.first_name,
      r.last_name,
      r.email,
      r.location,
      r.department,
      when(r.seen_at),
      when(r.opened_at),
    ]);
  }
}
