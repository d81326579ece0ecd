// The seed tests' set-up: one test app per file with the demo seed written once, closed after the file's
// tests, and GET calls as a demo user (DEMO_PASSWORD).
import { beforeAll } from 'vitest';
import type { Db } from '../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo';
import { bearer, login } from './sessions';
import { useTestApp } from './use-test-app';

/** Call at the top of a test file: registers the file's beforeAll and afterAll. */
export function useDemoApp() {
  const t = useTestApp();
  beforeAll(() => seedDemo(t.db));
  return {
    db: (): Db => t.db,
    /** GET `url` as the demo user `email`. */
    as: async (email: string, url: string) => {
      const { accessToken } = await login(t.app, email, DEMO_PASSWORD);
      return t.app.inject({ method: 'GET', url, headers: bearer(accessToken) });
    },
  };
}
