// What the backup and restore commands share as programs: the few settings of their own (the server's
// are read by config.ts), paths as the operator typed them, and failing with a sentence, not a stack.
import { resolve } from 'node:path';
import type { PgTools } from './pg-tools';

/**
 * A path given on the command line, from where the operator was: npm runs scripts from the repository's
 * root and says in INIT_CWD where it was started.
 */
export const fromOperator = (path: string): string => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** PG_BIN (the folder of pg_dump and pg_restore) and PATH. */
export const pgTools = (): PgTools => ({ pgBin: process.env.PG_BIN, searchPath: process.env.PATH });

/** Runs a command's body; a failure prints its message alone and exits 1. */
export function runCommand(body: () => Promise<void>): void {
  body().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
