#!/usr/bin/env node
// `npm test`: typecheck, lint, the boundaries between parts of the code, the server, contract and web
// suites (the server on PGlite), the engine-dependent server files again on a throwaway PostgreSQL 15
// (ADR 043), then the browser journeys in Chromium. Under CI=true nothing may be
// skipped: a missing PostgreSQL or Chromium fails the run. The last line is the sum of every suite: `N passed, M failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findPgBin, startThrowawayPostgres } from './throwaway-postgres.mjs';

const CI = ['1', 'true'].includes(String(process.env.CI).toLowerCase());
const root = new URL('..', import.meta.url).pathname;
const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let failedSteps = 0;

function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = res.status === 0;
  if (!ok) failedSteps++;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
  return ok;
}

function readVitest(file, label) {
  if (!existsSync(file)) {
    totals.failed++;
    lines.push(`FAIL ${label}: no results written`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += skipped;
  lines.push(`     ${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  // Name what failed in the summary: CI may keep only the end of a long log.
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') {
        lines.push(`     failed: ${file.name.replace(root, '')} > ${t.fullName}`);
        const why = (t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
        if (why) lines.push(`       ${why}`);
      }
    }
  }
  if (r.numTotalTests === 0) {
    totals.failed++;
    lines.push(`FAIL ${label}: ran no test`);
  }
}

function readPlaywright(file) {
  if (!existsSync(file)) {
    totals.failed++;
    lines.push('FAIL browser journeys: no results written');
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  const passed = s.expected + s.flaky;
  totals.passed += passed;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  lines.push(`     browser journeys: ${passed} passed, ${s.unexpected} failed, ${s.skipped} skipped`);
  for (const name of failedSpecs(report.suites ?? [])) lines.push(`     failed: ${name}`);
  if (passed + s.unexpected === 0) {
    totals.failed++;
    lines.push('FAIL browser journeys: ran no test');
  }
}

function failedSpecs(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      const bad = spec.tests?.some((t) => t.status === 'unexpected');
      if (bad) out.push(`${spec.file}:${spec.line} > ${spec.title}`);
    }
    out.push(...failedSpecs(suite.suites ?? []));
  }
  return out;
}

function unavailable(what, why) {
  if (CI) {
    failedSteps++;
    totals.failed++;
    lines.push(`FAIL ${what}: ${why} (mandatory under CI=true)`);
  } else {
    lines.push(`skip ${what}: ${why} (mandatory under CI=true)`);
  }
}

const started = Date.now();
step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npx', ['biome', 'check', '.']);
step('boundaries', 'node', ['scripts/check-boundaries.mjs']);

const pgliteJson = join(tmp, 'vitest-pglite.json');
rmSync(pgliteJson, { force: true });
step('unit and integration tests (PGlite)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteJson}`,
]);
readVitest(pgliteJson, 'server + contract on PGlite');

if (process.env.TEST_DATABASE_URL || findPgBin()) {
  let pg;
  try {
    if (!process.env.TEST_DATABASE_URL) pg = await startThrowawayPostgres();
    const url = process.env.TEST_DATABASE_URL ?? pg.url;
    const pgJson = join(tmp, 'vitest-postgres.json');
    rmSync(pgJson, { force: true });
    step(
      'integration tests (PostgreSQL 15)',
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server',
        // Four forks on two cores: these files wait on the database server and on the processes they
        // start (a 65 s outage, restarts); with two, the cores stood idle half the leg (vmstat).
        '--maxWorkers=4',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${pgJson}`,
      ],
      { TEST_DATABASE_URL: url },
    );
    readVitest(pgJson, 'server on PostgreSQL');
  } catch (e) {
    unavailable('PostgreSQL leg', e.message);
  } finally {
    pg?.stop();
  }
} else {
  unavailable('PostgreSQL leg', 'no PostgreSQL 15 binaries and no TEST_DATABASE_URL');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (step('build', 'npm', ['run', '--silent', 'build'])) {
    const e2eJson = join(tmp, 'playwright.json');
    rmSync(e2eJson, { force: true });
    step('browser journeys (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
    });
    readPlaywright(e2eJson);
    // No credential in the server's log of the whole browser run (issue 13, finding 8).
    const logOk = step('no token in the server log', 'node', [
      'scripts/scan-log-tokens.mjs',
      join(tmp, 'e2e-server.log'),
    ]);
    if (logOk) totals.passed++;
    else totals.failed++;
  }
} else {
  unavailable('browser journeys', `no Chromium at ${chromium}`);
}

if (CI && totals.skipped > 0) {
  failedSteps++;
  lines.push(`FAIL ${totals.skipped} test(s) skipped: nothing may be skipped under CI=true`);
}

console.log(`\n=== summary (${((Date.now() - started) / 1000).toFixed(0)}s)`);
for (const line of lines) console.log(line);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
