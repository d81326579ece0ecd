import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server's process-level files (server/test/: they start servers, stop databases and wait out
 * timeouts) go first, longest known or largest first as vitest orders the rest. A fresh clone has no
 * durations on record (vitest keeps them in node_modules/.vite), so vitest falls back to file size, and the
 * 65 s database outage could start last: the run then waited on it alone with the cores idle.
 */
class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.moduleId.includes('/server/test/') ? 0 : 1);
    // Array.prototype.sort is stable: each group keeps vitest's order.
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
