import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How long each file took on each leg in a recorded run (scripts/record-test-durations.mjs). */
const DURATIONS = fileURLToPath(new URL('./vitest.durations.json', import.meta.url));
const RECORDED: Record<'pglite' | 'postgres', Record<string, number>> = existsSync(DURATIONS)
  ? JSON.parse(readFileSync(DURATIONS, 'utf8'))
  : { pglite: {}, postgres: {} };

/**
 * Longest first, so that no long file starts last with the other cores idle: vitest orders by the
 * durations it keeps in node_modules/.vite, and on a fresh clone (every CI run), which has none, by file
 * size; then the recorded durations stand in (from an empty vitest cache the PGlite leg took 248 s by
 * size, 182 s by the recorded durations). Files not recorded go first, as vitest runs unknown files first. Then the server's
 * process-level files (server/test/: they start servers, stop databases and wait out timeouts) go before
 * the rest, so that the 65 s database outage never starts last.
 */
class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (spec: TestSpecification) =>
      `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const known = files.some((spec) => this.ctx.cache.getFileTestResults(key(spec)));
    let sorted = await super.sort(files);
    if (!known) {
      const recorded = RECORDED[process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'];
      const took = (spec: TestSpecification) =>
        recorded[relative(this.ctx.config.root, spec.moduleId)] ?? Number.MAX_SAFE_INTEGER;
      // vitest keeps each project's files together; so does this.
      const projectAt = new Map<string, number>();
      sorted.forEach((spec, i) => {
        if (!projectAt.has(spec.project.name)) projectAt.set(spec.project.name, i);
      });
      const project = (spec: TestSpecification) => projectAt.get(spec.project.name) ?? 0;
      sorted = [...sorted].sort((a, b) => project(a) - project(b) || took(b) - took(a));
    }
    const first = (spec: TestSpecification) => (spec.moduleId.includes('/server/test/') ? 0 : 1);
    // Array.prototype.sort is stable: each group keeps the order above.
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

export default defineConfig({
  test: {
    // Two cores on our machines: two forks, each file opening its own database. The PGlite leg keeps
    // both busy (the database runs in the worker: three forks were slower, 247 s against 222 s); the
    // PostgreSQL leg of scripts/test.mjs asks for four, as its files wait on the database server and on
    // processes they start (on a quiet machine: 158 s with two, 114 s with four).
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: ProcessTestsFirst },
    projects: ['server/vitest.config.ts', 'contract/vitest.config.ts', 'web/vitest.config.ts'],
  },
});
