#!/usr/bin/env node
// `npm run bench:feed`: the news feed under load, on a PostgreSQL server and on PGlite.
// Generates 10,000 users, 100,000 posts and 1,000,000 likes, then runs autocannon (50 connections, 20 s)
// against GET /v1/api/newsfeed (first pages and deep `next` pages, as different users) and against
// GET /v1/health (the framework's floor). Prints p50/p95/p99 and requests/s; exits 1 when the
// PostgreSQL figures are over budget. This is a benchmark, not a test: it is not part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { load as loadWith } from './autocannon-load.mjs';
import { durationSeconds, hashBenchPassword, PASSWORD, SIZES } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { login, startServer, stopServer } from './server.mjs';

const CONNECTIONS = 50;
const DURATION_S = durationSeconds(20);
const load = (base, paths, tokens) =>
  loadWith(base, paths, tokens, { connections: CONNECTIONS, durationS: DURATION_S });
/** Budget on PostgreSQL with 2 cores (issue: News feed). */
const BUDGET = { p95Ms: 30, minRps: 1000 };
/** BENCH_ONLY=postgres or BENCH_ONLY=pglite runs one leg (handy while iterating); by default both run. */
const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'postgres', 'pglite'].includes(ONLY))
  throw new Error(`BENCH_ONLY must be postgres or pglite, not ${ONLY}`);
const TOKEN_USERS = 40;

async function loginTokens(base) {
  const tokens = [];
  for (let i = 1; i <= TOKEN_USERS; i++) {
    const email = `bench${i * Math.floor(SIZES.users / TOKEN_USERS)}@example.com`;
    tokens.push((await login(base, email, PASSWORD)).accessToken);
  }
  return tokens;
}

/** Follows `next` for `pages` pages and answers the cursors met on the way (deep-page starting points). */
async function deepCursors(base, token, pages) {
  const cursors = [];
  let next = null;
  for (let i = 0; i < pages; i++) {
    const url = `${base}/v1/api/newsfeed?limit=10${next ? `&next=${encodeURIComponent(next)}` : ''}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`feed page failed: ${res.status} ${await res.text()}`);
    next = (await res.json()).data.next;
    if (!next) break;
    if (i % 25 === 24) cursors.push(next);
  }
  return cursors;
}

const fmt = (name, r) =>
  `${name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms  ${Math.round(r.rps).toString().padStart(6)} req/s  ${r.errors} errors`;

async function measure(label, base) {
  const tokens = await loginTokens(base);
  const cursors = await deepCursors(base, tokens[0], 200);
  const results = {
    health: await load(base, ['/v1/health'], []),
    first: await load(base, ['/v1/api/newsfeed?limit=10'], tokens),
    deep: await load(
      base,
      cursors.map((c) => `/v1/api/newsfeed?limit=10&next=${encodeURIComponent(c)}`),
      tokens,
    ),
  };
  console.log(`\n${label}`);
  console.log(fmt('GET /v1/health (floor)', results.health));
  console.log(fmt('GET /v1/api/newsfeed first page', results.first));
  console.log(fmt(`GET /v1/api/newsfeed deep (${cursors.length} cursors)`, results.deep));
  console.log(
    `feed cost vs floor: first page ${(results.first.p95 / Math.max(results.health.p95, 0.1)).toFixed(1)}x p95, ` +
      `${(results.health.rps / Math.max(results.first.rps, 1)).toFixed(1)}x fewer req/s`,
  );
  return results;
}

async function main() {
  const passwordHash = await hashBenchPassword();
  console.log(
    `data: ${SIZES.users} users, ${SIZES.posts} posts, ${SIZES.likes} likes; ${CONNECTIONS} connections, ${DURATION_S} s`,
  );
  let failed = false;

  if (ONLY !== 'pglite') failed = await postgresLeg(passwordHash);
  if (ONLY !== 'postgres') await pgliteLeg(passwordHash);

  console.log(failed ? '\nfeed benchmark: OVER BUDGET' : '\nfeed benchmark: within budget');
  process.exit(failed ? 1 : 0);
}

/** PostgreSQL server: the budgeted leg. Answers whether it was over budget. */
async function postgresLeg(passwordHash) {
  let failed = false;
  const cluster = await startThrowawayPostgres();
  try {
    const { base, child } = await startServer({
      DATABASE_URL: process.env.BENCH_PG_TCP ? cluster.url : cluster.socketUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    });
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const ms = await generateFeedData((sql) => client.query(sql), { ...SIZES, passwordHash });
      await client.end();
      console.log(`PostgreSQL: data generated in ${(ms / 1000).toFixed(1)} s`);
      const r = await measure('PostgreSQL 15 (budget: p95 < 30 ms, >= 1000 req/s)', base);
      for (const [name, res] of [
        ['first page', r.first],
        ['deep pages', r.deep],
      ]) {
        const over = res.p95 >= BUDGET.p95Ms || res.rps < BUDGET.minRps || res.errors > 0;
        console.log(`${over ? 'OVER BUDGET' : 'within budget'}: feed ${name}`);
        failed ||= over;
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    cluster.stop();
  }
  return failed;
}

/** PGlite: figures only (one embedded connection; the README points larger sites to PostgreSQL). */
async function pgliteLeg(passwordHash) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  try {
    const first = await startServer({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    });
    await stopServer(first.child); // migrations applied; the data is written while no server holds the directory
    const db = new PGlite(join(dataDir, 'db'), { extensions: { pg_trgm, unaccent } });
    // query(), not exec(): the generator reads `rows` of a few single-statement answers.
    const ms = await generateFeedData((sql) => db.query(sql), { ...SIZES, passwordHash });
    await db.close();
    console.log(`\nPGlite: data generated in ${(ms / 1000).toFixed(1)} s`);
    const { base, child } = await startServer({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    });
    try {
      await measure('PGlite (embedded; no budget)', base);
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
