// Browser journeys against the real built app (server + SPA) on a fresh embedded database, in the
// system Chromium: no browser is ever downloaded.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Scratch folder of a run; E2E_TMP lets two runs (and another build, WEB_DIST) share a checkout. */
const E2E_TMP = process.env.E2E_TMP ?? new URL('../.tmp', import.meta.url).pathname;
export const E2E_DATA_DIR = `${E2E_TMP}/e2e-data`;
/** The server's log of the run, at info level (every request); scripts/test.mjs scans it for tokens. */
export const E2E_SERVER_LOG = `${E2E_TMP}/e2e-server.log`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json']],
  outputDir: `${E2E_TMP}/test-results`,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Tracing costs a fifth of the run's time (measured on the axe scans) and CI keeps no trace files:
    // E2E_TRACE=1 turns it on when a failure needs one. The screenshot of a failure is always kept.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node server/dist/main.js > ${E2E_SERVER_LOG}`,
    cwd: new URL('..', import.meta.url).pathname,
    url: `http://127.0.0.1:${E2E_PORT}/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    },
  },
});
