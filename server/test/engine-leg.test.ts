// The PostgreSQL leg runs only the files marked as engine-dependent (engine-leg.ts, ADR 043). A file with a
// part defined only on PostgreSQL, or that branches on the engine, must carry the marker: without it that
// part would silently run nowhere. Every marker says why, and sits where the config reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  engineLegFiles,
  engineReason,
  MARKER_LINES,
  SERVER_TESTS,
  serverTestFiles,
  serverTestInclude,
} from '../engine-leg';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = 'test/engine-leg.test.ts';
const files = serverTestFiles(serverDir);
const textOf = (file: string) => readFileSync(join(serverDir, file), 'utf8');

/** What makes a file engine-dependent whatever its author thought: a PostgreSQL-only part, or a branch. */
const ENGINE_SPECIFIC = [/\bonPostgres\b/, /\bTEST_DATABASE_URL\b/, /\.kind\s*[!=]==\s*'(postgres|pglite)'/];

describe('the PostgreSQL leg', () => {
  it('reads every server test file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(THIS_FILE);
    expect(files).toContain('src/access/rules.property.test.ts');
  });

  it('runs every file with a PostgreSQL-only part or a branch on the engine', () => {
    const unmarked = files
      .filter((file) => file !== THIS_FILE)
      .filter((file) => {
        const text = textOf(file);
        return ENGINE_SPECIFIC.some((pattern) => pattern.test(text)) && engineReason(text) === undefined;
      });
    expect(unmarked, 'add `// @engine: <why>` as the first line of each').toEqual([]);
  });

  it('has a reason in every marker, within the first lines of the file', () => {
    const bad: string[] = [];
    for (const file of files) {
      const lines = textOf(file).split('\n');
      const reason = engineReason(lines.join('\n'));
      if (reason !== undefined && !/\w{3,}.*\s.*\w{3,}/.test(reason)) bad.push(`${file}: no reason given`);
      // A marker lower down, or misspelt, would look like one and select nothing.
      lines.forEach((line, i) => {
        if (!/^\s*\/\/\s*@engine\b/.test(line)) return;
        if (i >= MARKER_LINES) bad.push(`${file}:${i + 1}: marker below line ${MARKER_LINES}`);
        else if (!/^\/\/ @engine:/.test(line))
          bad.push(`${file}:${i + 1}: write it as \`// @engine: <why>\``);
      });
    }
    expect(bad).toEqual([]);
  });

  it('includes the marked files only when TEST_DATABASE_URL is set, and every file otherwise', () => {
    const marked = engineLegFiles(serverDir);
    expect(marked).toContain('test/cluster.test.ts');
    expect(marked).not.toContain(THIS_FILE);
    expect(marked.length).toBeLessThan(files.length);
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    expect(serverTestInclude(serverDir, { TEST_DATABASE_URL: url })).toEqual(marked);
    expect(serverTestInclude(serverDir, { TEST_DATABASE_URL: url, ENGINE_LEG: 'all' })).toEqual(SERVER_TESTS);
    expect(serverTestInclude(serverDir, {})).toEqual(SERVER_TESTS);
  });
});
