// Which server test files run on both databases (ADR 043). The PGlite leg of `npm test` runs every file; the
// PostgreSQL leg (TEST_DATABASE_URL set) only the files whose behaviour depends on the engine, each marked in
// its first lines with `// @engine: <why>`. ENGINE_LEG=all runs every file on PostgreSQL too (to check that
// a file left unmarked passes there, or to run one unmarked file on it). test/engine-leg.test.ts keeps the
// markers honest.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every server test file, relative to the server folder (vitest's `include`). */
export const SERVER_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** The marker and how far down it may sit. */
export const ENGINE_MARKER = /^\/\/ @engine:(.*)$/;
export const MARKER_LINES = 5;

/** The server's test files under `serverDir`, relative to it with `/` separators, sorted. */
export function serverTestFiles(serverDir: string): string[] {
  return ['src', 'test']
    .flatMap((top) =>
      readdirSync(join(serverDir, top), { recursive: true, encoding: 'utf8' })
        .filter((path) => path.endsWith('.test.ts') && !path.split(/[\\/]/).includes('node_modules'))
        .map((path) => `${top}/${path.split(/[\\/]/).join('/')}`),
    )
    .sort();
}

/** The marker's reason (trimmed, maybe empty) when the text carries one in its first lines, else undefined. */
export function engineReason(text: string): string | undefined {
  for (const line of text.split('\n').slice(0, MARKER_LINES)) {
    const m = ENGINE_MARKER.exec(line.trimEnd());
    if (m) return (m[1] ?? '').trim();
  }
  return undefined;
}

/** The marked files under `serverDir`: the PostgreSQL leg. */
export function engineLegFiles(serverDir: string): string[] {
  return serverTestFiles(serverDir).filter(
    (file) => engineReason(readFileSync(join(serverDir, file), 'utf8')) !== undefined,
  );
}

/** vitest's `include` for the server project under this environment. */
export function serverTestInclude(serverDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!env.TEST_DATABASE_URL || env.ENGINE_LEG === 'all') return SERVER_TESTS;
  return engineLegFiles(serverDir);
}
