// Rows per table: what a backup records in its manifest and what a restore must find again. Every table
// outside PostgreSQL's own schemas: the application's (public), its migrations (drizzle) and its job queue
// (pgboss). pg-boss partitions its job table by queue: a partitioned table is counted once, as a whole.

/** Runs one statement and answers its rows (PGlite's `query`, a node-postgres client's, a transaction's). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function countRows(query: RunQuery): Promise<Record<string, number>> {
  const tables = (await query(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by 1, 2`)) as { schema: string; name: string }[];
  if (tables.length === 0) return {};
  // One statement for all of them: inside the backup's snapshot, and one round trip.
  const rows = await query(
    tables
      .map(
        (t) =>
          `select ${quoteLiteral(`${t.schema}.${t.name}`)} as t, count(*)::bigint as n from ${quote(t.schema)}.${quote(t.name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [String(r.t), Number(r.n)]));
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The tables whose counts differ, as sentences; empty when `found` has exactly the rows `expected` has. */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names
    .filter((name) => expected[name] !== found[name])
    .map((name) =>
      expected[name] === undefined
        ? `${name}: not in the backup, ${found[name]} rows restored`
        : found[name] === undefined
          ? `${name}: ${expected[name]} rows in the backup, table missing after the restore`
          : `${name}: ${expected[name]} rows in the backup, ${found[name]} restored`,
    );
}
