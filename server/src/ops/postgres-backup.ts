// The PostgreSQL part of a backup and of a restore: pg_dump --format=custom while the servers keep running,
// pg_restore into an empty database. The backup opens a read-only snapshot, counts the rows in it and
// hands the same snapshot to pg_dump (--snapshot), so the dump holds exactly the rows the manifest counts.
import { join } from 'node:path';
import pg from 'pg';
import { type BackupConfig, createBackupFolder, describeDatabaseFile, finishBackup } from './backup-folder';
import { type Manifest, POSTGRES_DUMP_FILE } from './backup-manifest';
import { lastMigration } from './migration-tag';
import { findPgTool, type PgTools, runPgTool } from './pg-tools';
import { countRows, type RunQuery } from './table-counts';

async function withClient<T>(
  url: string,
  fn: (query: RunQuery, client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (text) => (await client.query(text)).rows, client);
  } finally {
    await client.end();
  }
}

/** Writes a whole backup of the database at `databaseUrl`, the local files and secrets into `folder`. */
export async function writePostgresBackup(
  config: BackupConfig & { databaseUrl: string },
  folder: string,
  tools: PgTools,
): Promise<Manifest> {
  const pgDump = findPgTool('pg_dump', tools);
  await createBackupFolder(folder);
  const snapshot = await withClient(config.databaseUrl, async (query) => {
    await query('begin isolation level repeatable read, read only');
    const [exported] = await query('select pg_export_snapshot() as id');
    const taken = {
      createdAt: new Date(),
      tables: await countRows(query),
      lastMigration: await lastMigration(query),
    };
    // The snapshot lives as long as this transaction: it stays open until pg_dump is done.
    await runPgTool(
      pgDump,
      ['--format=custom', `--snapshot=${String(exported?.id)}`, `--file=${join(folder, POSTGRES_DUMP_FILE)}`],
      config.databaseUrl,
    );
    await query('commit');
    return taken;
  });
  return finishBackup(config, folder, {
    kind: 'postgres',
    ...snapshot,
    database: await describeDatabaseFile(folder, POSTGRES_DUMP_FILE),
  });
}

/** What makes the database at `url` not empty: its tables and schemas, for the refusal's message. */
export async function databaseContents(url: string): Promise<string[]> {
  return withClient(url, async (query) => {
    const rows = await query(`
      select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      union all
      select 'schema ' || nspname from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
      order by 1`);
    return rows.map((r) => String(r.name));
  });
}

/** Restores the backup's dump into the (empty) database at `url`; answers its counts and migration. */
export async function restorePostgresDatabase(
  folder: string,
  url: string,
  tools: PgTools,
): Promise<{ tables: Record<string, number>; lastMigration: string | null }> {
  // One transaction: a restore that fails leaves the database as empty as it found it.
  await runPgTool(
    findPgTool('pg_restore', tools),
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      join(folder, POSTGRES_DUMP_FILE),
    ],
    url,
  );
  return withClient(url, async (query) => ({
    tables: await countRows(query),
    lastMigration: await lastMigration(query),
  }));
}
