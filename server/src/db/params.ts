// Values bound into SQL written by hand, the same way on PGlite and on PostgreSQL.
import { type Placeholder, sql } from 'drizzle-orm';

/** A value of a query, or a placeholder filled when its prepared form runs (feed/queries.ts). */
export type Bind<T> = T | Placeholder;

/** A timestamp bound as a parameter: ISO text cast to timestamptz reads the same on PGlite and pg. A
 * placeholder is filled with the ISO text. */
export const tsParam = (date: Bind<Date>) =>
  sql`${date instanceof Date ? date.toISOString() : date}::timestamptz`;
