// The newest migration a database has applied, by its tag in the checked-in journal
// (server/migrations/meta/_journal.json). Drizzle records each applied migration with the journal entry's
// `when` as created_at; the tag is what an operator can read.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../db/client';
import type { RunQuery } from './table-counts';

type JournalEntry = { when: number; tag: string };

/** The tags this version of the server knows, oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The tag of the newest applied migration; null when none was applied; `unknown (when)` for a newer version's. */
export async function lastMigration(query: RunQuery): Promise<string | null> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await query(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  if (!row) return null;
  const when = Number(row.created_at);
  return knownMigrations().find((m) => m.when === when)?.tag ?? `unknown (${when})`;
}
