import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database prepared once a run; each file's database starts from it
    // (test/database-template.ts).
    globalSetup: ['test/database-template.ts'],
    // Files share a worker's loaded modules instead of importing the server afresh each (152 s of a 340 s
    // run went to imports). Safe because module state is kept per database handle or restored after use
    // (rate-clock.ts, spies); each file still gets its own app and database.
    isolate: false,
    // Each file opens its own database, and a loaded machine slows that down: give hooks room.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
