// The demo seed writes its rows one at a time where later rows need their ids.
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Inserts one row and answers its id (undefined when nothing was written). */
export async function insertId<T extends PgTable & { id: AnyPgColumn }>(
  tx: Db,
  table: T,
  values: T['$inferInsert'],
): Promise<number | undefined> {
  const [row] = await tx.insert(table).values(values).returning({ id: table.id });
  return row?.id as number | undefined;
}
