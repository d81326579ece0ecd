#!/usr/bin/env node
// `npm run test:durations`, after `npm test`: writes how long each vitest file took on each leg
// (.tmp/vitest-pglite.json and .tmp/vitest-postgres.json, the legs' JSON reports) to vitest.durations.json,
// which the sequencer in vitest.config.ts reads on a fresh clone. Vitest keeps its own record of durations
// in node_modules/.vite, which a fresh clone (every CI run) lacks: it then starts files by size, and the
// legs took a fifth longer. Durations a few weeks old still order the files well; record them again when
// a long file is added.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = {};
for (const leg of ['pglite', 'postgres']) {
  const file = join(root, '.tmp', `vitest-${leg}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm test first`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const durations = {};
  for (const r of report.testResults) {
    durations[relative(root, r.name)] = Math.round(r.endTime - r.startTime);
  }
  out[leg] = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
}
writeFileSync(join(root, 'vitest.durations.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `vitest.durations.json: ${Object.keys(out.pglite).length} files on PGlite, ${Object.keys(out.postgres).length} on PostgreSQL`,
);
