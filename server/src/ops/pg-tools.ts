// Runs PostgreSQL's pg_dump and pg_restore. They must be at least as new as the server they talk to: PG_BIN
// names their folder, else the PATH's, else Debian's PostgreSQL 15 folder. The password of the database URL
// goes to them in PGPASSWORD, not on their command line, where any user of the machine could read it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where to look for the tools: PG_BIN and PATH as the command was started with. */
export type PgTools = { pgBin?: string; searchPath?: string };

const DEBIAN_PG15 = '/usr/lib/postgresql/15/bin';

export function findPgTool(name: 'pg_dump' | 'pg_restore', tools: PgTools): string {
  const dirs = [tools.pgBin, ...(tools.searchPath ?? '').split(delimiter), DEBIAN_PG15].filter(
    (d): d is string => Boolean(d),
  );
  const found = dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
  if (!found)
    throw new Error(
      `${name} was not found in PG_BIN, on the PATH or in ${DEBIAN_PG15}. Install PostgreSQL's client tools (apt-get install postgresql-client-15) or set PG_BIN to their folder.`,
    );
  return found;
}

/** Runs a tool against the database at `url` (given as --dbname); rejects with what the tool said. */
export function runPgTool(binary: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args, `--dbname=${target.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${binary} failed (exit code ${code}): ${said.trim()}`)),
    );
  });
}
