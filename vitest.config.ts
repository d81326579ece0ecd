import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Two cores on our machines: two forks, each file opening its own database.
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: ['server/vitest.config.ts', 'contract/vitest.config.ts', 'web/vitest.config.ts'],
  },
});
