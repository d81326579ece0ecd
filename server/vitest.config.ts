import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file opens its own database (PGlite takes a few seconds to boot), so give hooks room.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
