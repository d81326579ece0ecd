import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// `.js` for engine-leg.ts: Vite's config loader warns about an import without an extension.
import { serverTestInclude } from './engine-leg.js';

export default defineConfig({
  test: {
    name: 'server',
    // Every file on PGlite; on PostgreSQL (TEST_DATABASE_URL) only those marked `// @engine: <why>`, whose
    // behaviour depends on the engine (engine-leg.ts, ADR 043).
    include: serverTestInclude(fileURLToPath(new URL('.', import.meta.url))),
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
