// A second app on a test app's database and services, with the server's own logger (as main.ts builds it)
// at `level`, whose lines a test reads: for the promises about what the log leaves out (tokens, who
// answered an anonymous survey). Opened before the file's tests, closed after them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import type { TestApp } from './app';
import { capturingLogger } from './log-capture';

export function useLoggingApp(t: TestApp, level: string): { readonly app: FastifyInstance; lines: string[] } {
  const lines: string[] = [];
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp({
      config: t.app.config as Parameters<typeof buildApp>[0]['config'],
      database: t.app.database,
      mailer: t.app.mailer,
      storage: t.app.storage,
      logger: capturingLogger(level, (line) => lines.push(line)),
    });
    await app.ready();
  });
  afterAll(() => app?.close());
  return {
    lines,
    get app() {
      if (!app) throw new Error('useLoggingApp: the app opens before the tests');
      return app;
    },
  };
}
