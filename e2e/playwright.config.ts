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
/**
 * The company sign-in's journey (tests/company-sign-in.spec.ts) runs a real OpenID provider in its own
 * process on this port; the server is configured for it at start (it reads the provider's discovery
 * document only when somebody first clicks "Sign in with Test ID", so the provider need not run for the
 * other journeys).
 */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 1000);
export const E2E_OIDC = {
  key: 'e2e',
  label: 'Test ID',
  clientId: 'hearth-e2e',
  clientSecret: 'hearth-e2e-secret',
  issuer: `http://127.0.0.1:${E2E_OIDC_PORT}`,
} as const;

export default defineConfig({
  testDir: './tests',
  // Files go to the workers in the order of their names, and a file's tests stay in one worker. The
  // company sign-in's (a minute, one provider on one port) was named sso.spec.ts and came last: the other
  // two workers stood idle for the last 20 s of the run.
  fullyParallel: false,
  // Three on two cores: a journey waits on the server and on the browser in turn. Measured on the whole
  // run on a quiet machine: 8.2 minutes with two workers, 6.2 with three, with the CPU busy throughout.
  workers: 3,
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
    // The app's service worker keeps a copy of every asset and feed answer a page fetches (web/public/sw.js),
    // in each new context, and every journey opens one or more: four journey files took 12% less time and
    // CPU without it (two runs each way, when it still precached the whole build). Only the journey about
    // installing and reading offline needs the worker (install-and-offline.spec.ts allows it again).
    serviceWorkers: 'block',
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
      // Nothing balances load in front of it: stop at once instead of draining out of a rotation.
      SHUTDOWN_DRAIN_SECONDS: '0',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      OIDC_PROVIDERS: E2E_OIDC.key,
      OIDC_E2E_ISSUER: E2E_OIDC.issuer,
      OIDC_E2E_CLIENT_ID: E2E_OIDC.clientId,
      OIDC_E2E_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OIDC_E2E_LABEL: E2E_OIDC.label,
      OIDC_E2E_LOCATION_CLAIM: 'office',
      OIDC_E2E_DEPARTMENT_CLAIM: 'department',
      OIDC_E2E_ROLE_CLAIM: 'groups',
      OIDC_E2E_ROLE_MAP: 'hearth-admins=1,hearth-post-managers=3',
    },
  },
});
