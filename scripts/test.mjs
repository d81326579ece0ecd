#!/usr/bin/env node
// `npm test`: typecheck, lint, the boundaries between parts of the code, the server, contract and web
// suites (the server on PGlite), the engine-dependent server files again on a throwaway PostgreSQL 15
// (ADR 043), then the browser journeys in Chromium. Under CI=true nothing may be
// skipped: a missing PostgreSQL or Chromium fails the run. The last line is the sum of every suite: `N passed, M failed`.
//
// The checks and the build run beside the PGlite suite, one after the other, their output held back until
// they end: that suite leaves a fifth of the two cores idle (its files that wait out timeouts and
// restarts hold a worker each; vmstat), and the checks and the build fill it instead of taking half a
// minute of their own. Nothing in that suite reads web/dist or server/dist.
import { spawn } from 'node:child_process';
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

/** A step's summary line from its exit code, counting a failure; answers whether it passed. */
function ended(name, started, code, where = '') {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = code === 0;
  if (!ok) failedSteps++;
  return { ok, line: `${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds}s${where})` };
}

/** Runs a step with its output shown as it comes; answers whether it passed. Not spawnSync: see stepBeside. */
async function step(name, cmd, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const { ok, line } = ended(name, started, await new Promise((resolve) => child.on('close', resolve)));
  lines.push(line);
  return ok;
}

/**
 * `step` beside whatever runs in the foreground: its output is kept and printed when it ends, and its
 * line takes its place in the summary now, so the summary keeps the order of the run. The foreground
 * step must not block the event loop (no spawnSync), or this one's output and end go unread.
 */
function stepBeside(name, cmd, args) {
  const started = Date.now();
  const at = lines.push(`FAIL ${name}: did not end`) - 1;
  return new Promise((resolve) => {
    const out = [];
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const { ok, line } = ended(name, started, code, ', beside the PGlite suite');
      lines[at] = line;
      console.log(`\n=== ${name}: ${cmd} ${args.join(' ')} (ran beside the PGlite suite)`);
      process.stdout.write(Buffer.concat(out));
      resolve(ok);
    });
  });
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
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const checksAndBuild = (async () => {
  await stepBeside('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await stepBeside('lint', 'npx', ['biome', 'check', '.']);
  await stepBeside('boundaries', 'node', ['scripts/check-boundaries.mjs']);
  // The journeys' build; without Chromium there are no journeys to build for.
  return existsSync(chromium) ? stepBeside('build', 'npm', ['run', '--silent', 'build']) : false;
})();

const pgliteJson = join(tmp, 'vitest-pglite.json');
rmSync(pgliteJson, { force: true });
await step('unit and integration tests (PGlite)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteJson}`,
]);
readVitest(pgliteJson, 'server + contract on PGlite');
const built = await checksAndBuild;

if (process.env.TEST_DATABASE_URL || findPgBin()) {
  let pg;
  try {
    if (!process.env.TEST_DATABASE_URL) pg = await startThrowawayPostgres();
    const url = process.env.TEST_DATABASE_URL ?? pg.url;
    const pgJson = join(tmp, 'vitest-postgres.json');
    rmSync(pgJson, { force: true });
    await step(
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
      // The servers its files start run from the build when there is one (server/test/server-process.ts).
      { TEST_DATABASE_URL: url, ...(built ? { HEARTH_TEST_BUILD: '1' } : {}) },
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

if (existsSync(chromium)) {
  if (built) {
    const e2eJson = join(tmp, 'playwright.json');
    rmSync(e2eJson, { force: true });
    await step(
      'browser journeys (Chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
      },
    );
    readPlaywright(e2eJson);
    // No credential in the server's log of the whole browser run (issue 13, finding 8).
    const logOk = await step('no token in the server log', 'node', [
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
