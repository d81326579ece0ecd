// The test database: PGlite in memory by default; with TEST_DATABASE_URL, a fresh database on that
// PostgreSQL server for each test file (created here, dropped on close). Both start from the migrated
// template of this run (database-template.ts).
//
// On PGlite a worker keeps the instance of a file that closed and hands it to the next file reset to the
// template's state (every table emptied, the template's rows put back, sequences restarted) behind new
// handles: booting PGlite from the template took 0.55-1.1 s a file, the reset takes about 0.2 s. A file
// that changed the schema (a table, an index, a function) gets a fresh instance instead.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client';

/** What a reset puts back: the template's rows (kept in temporary tables) and its schema's fingerprint. */
type Template = { restore: string; schema: string };

/** The instance a closed file left for the next, and what its template held. */
let parked: { database: Database; template: Template } | undefined;

/** Objects of the schemas the app owns: tables, indexes, sequences, views, functions and triggers. */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(x, ',' order by x)) as schema from (
    select n.nspname || '.' || c.relname || ':' || c.relkind::text as x from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss', 'drizzle') and not c.relispartition
    union all select p.proname || ':' || p.pronargs from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    union all select t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
  ) objects`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads the freshly loaded template: copies its non-empty tables into temporary tables of the session (they
 * outlive every file, and no query of the app sees them) and writes the statement that resets to it. The
 * job queue's own tables keep their queues and version; its jobs go.
 */
async function readTemplate(client: PGlite): Promise<Template> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).rows.map((r) => r.name);
  const keep: string[] = [];
  for (const name of tables) {
    const { rows } = await client.query(`select 1 from public.${quote(name)} limit 1`);
    if (!rows.length) continue;
    keep.push(name);
    await client.exec(`create temporary table ${quote(`template_${name}`)} as table public.${quote(name)}`);
  }
  const restoreRows = [];
  for (const name of keep) {
    // Generated columns are computed again; every other column is put back as it was.
    const columns = (
      await client.query<{ name: string }>(
        `select a.attname as name from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0
          and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
        [`public.${quote(name)}`],
      )
    ).rows
      .map((c) => quote(c.name))
      .join(', ');
    restoreRows.push(
      `insert into public.${quote(name)} (${columns}) overriding system value
        select ${columns} from pg_temp.${quote(`template_${name}`)};`,
    );
  }
  const sequences = (
    await client.query<{ name: string; last: string | null }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last
        from pg_sequences where schemaname = 'public'`,
    )
  ).rows.map((s) =>
    s.last === null ? `alter sequence ${s.name} restart;` : `select setval('${s.name}', ${s.last}, true);`,
  );
  const [{ schema } = { schema: '' }] = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows;
  const restore = [
    `truncate ${[...tables.map((t) => `public.${quote(t)}`), 'pgboss.job', 'pgboss.archive', 'pgboss.schedule', 'pgboss.subscription'].join(', ')};`,
    // The template's rows as they were: no trigger fires and no foreign key is checked while they go back.
    `set session_replication_role = replica;`,
    ...restoreRows,
    `set session_replication_role = origin;`,
    ...sequences,
  ].join('\n');
  return { restore, schema };
}

/** The parked instance reset to its template, or undefined when its schema changed (it is closed then). */
async function reuseParked(): Promise<{ database: Database; template: Template } | undefined> {
  const taken = parked;
  parked = undefined;
  if (!taken?.database.pglite) return undefined;
  const client = taken.database.pglite;
  const [{ schema } = { schema: '' }] = (await client.query<{ schema: string }>(SCHEMA_FINGERPRINT)).rows;
  if (schema !== taken.template.schema) {
    await taken.database.close();
    return undefined;
  }
  await client.exec(taken.template.restore);
  // New handles on the same instance: caches kept per handle (the guard's users, feed cards) start empty.
  return { database: await openDatabase({ pglite: client }), template: taken.template };
}

async function openPglite(): Promise<Database> {
  let entry = await reuseParked();
  if (!entry) {
    const tarball = readFileSync(inject('databaseTemplate'));
    const database = await openDatabase({ memory: true, template: new Blob([tarball]) });
    if (!database.pglite) throw new Error('PGlite gave no client');
    entry = { database, template: await readTemplate(database.pglite) };
  }
  const { database, template } = entry;
  let closed = false;
  return {
    ...database,
    // Parked for the next file of this worker, unless one is parked already (a file with two databases).
    close: async () => {
      if (closed) return;
      closed = true;
      if (parked) await database.close();
      else parked = { database, template };
    },
  };
}

/** Runs `statement` on the PostgreSQL server at `url` over a connection of its own; answers the rows. */
export async function runSql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  statement: string,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database of a test's own on the suite's PostgreSQL server (TEST_DATABASE_URL), named from `prefix`:
 * `create()` copies this run's migrated template, `drop()` removes it, connections still open or not.
 */
export function templateCopy(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  return {
    url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
    create: async () => {
      await runSql(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('databaseTemplate')}`);
    },
    drop: async () => {
      await runSql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function openTestDatabase(): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) return openPglite();
  const copy = templateCopy('hearth_test');
  await copy.create();
  const database = await openDatabase({ databaseUrl: copy.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}
