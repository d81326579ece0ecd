// Deleting what is past retention in short transactions (issue 31, item 7; features/auth/token-pruning.ts,
// features/notifications/retention.ts): never one long transaction over thousands of rows.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/**
 * Walks `table` (an `id` serial key) in id order, `batch` rows a transaction, and deletes those of each batch
 * that `deletable` (a condition on the row, aliased `x`) accepts, locking them first and skipping rows another
 * run holds: two runs at once never wait on each other nor delete a row twice, and a run cut off loses only
 * its open batch. It walks every row: ids follow time only roughly (a row may be written with an earlier
 * time), and what is kept is bounded by the retention, so a daily walk reads each kept row once a day.
 * Answers how many rows it deleted.
 */
export async function pruneInIdOrder(
  db: Db,
  opts: { table: string; deletable: SQL; batch: number },
): Promise<number> {
  const t = sql.identifier(opts.table);
  let total = 0;
  let after = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      const [range] = await queryRows<{ last: number | null }>(
        tx,
        sql`select max(id) as last from (select id from ${t} where id > ${after} order by id limit ${opts.batch}) r`,
      );
      if (range?.last == null) return { deleted: 0, last: null };
      const last = Number(range.last);
      const deleted = await queryRows<{ id: number }>(
        tx,
        sql`with doomed as (
              select x.id from ${t} x
              where x.id > ${after} and x.id <= ${last} and ${opts.deletable}
              for update of x skip locked
            )
            delete from ${t} d using doomed where d.id = doomed.id returning d.id`,
      );
      return { deleted: deleted.length, last };
    });
    total += step.deleted;
    if (step.last === null) return total;
    after = step.last;
  }
}

/** `days` days before the statement's time, as SQL. */
export const daysAgo = (days: number): SQL => sql`now() - make_interval(days => ${days}::int)`;
