// Named prepared statements per database, for the hottest requests (the feed's pages, seen events). On
// PostgreSQL each pooled connection parses a named statement once and, after a few runs, keeps a generic
// plan: no parse and no planning per request, where planning costs more than running (ADR 008). The SQL
// is built once, from the same builders the EXPLAIN tests plan.
import type { Db } from './client';

export type Prepared<T> = { execute(values: Record<string, unknown>): Promise<T> };

const byDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();
/**
 * Beyond this many names per database a query is built per request instead (still correct): shapes are
 * finite (a feed page per tab and size, a seen statement per role), and this bounds a mistake.
 */
const PREPARED_MAX = 64;

/** The statement `name`, built by `build` the first time; undefined once PREPARED_MAX names exist. */
export function prepared<T>(
  db: Db,
  name: string,
  build: () => { prepare(name: string): Prepared<T> },
): Prepared<T> | undefined {
  let names = byDb.get(db);
  if (!names) {
    names = new Map();
    byDb.set(db, names);
  }
  let query = names.get(name) as Prepared<T> | undefined;
  if (!query && names.size < PREPARED_MAX) {
    query = build().prepare(name);
    names.set(name, query);
  }
  return query;
}
