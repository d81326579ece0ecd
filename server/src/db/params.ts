// Values bound into SQL written by hand, the same way on PGlite and on PostgreSQL.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/** A value of a query, or a placeholder filled when its prepared form runs (feed/queries.ts). */
export type Bind<T> = T | Placeholder;

/** A timestamp bound as a parameter: ISO text cast to timestamptz reads the same on PGlite and pg. A
 * placeholder is filled with the ISO text. */
export const tsParam = (date: Bind<Date>) =>
  sql`${date instanceof Date ? date.toISOString() : date}::timestamptz`;

/**
 * A whole number of the code (a kind, a state, a page size) written into the SQL text instead of bound:
 * the planner then matches the partial indexes on it (`kind = 1`, `state_id = 2`), and a prepared query's
 * generic plan knows its LIMIT. Only safe integers pass, so no text can reach the SQL through it.
 */
export function literal(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number for SQL: ${n}`);
  return sql.raw(String(n));
}

/**
 * Whole numbers as one array parameter in PostgreSQL's text form (`{1,2,3}`, cast with `::int[]` in the
 * SQL): one statement text whatever the list's length, so a prepared statement serves every batch.
 */
export const intArrayText = (ids: readonly number[]) => `{${ids.join(',')}}`;
