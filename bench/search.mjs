#!/usr/bin/env node
// `npm run bench:search`: global search under load on a PostgreSQL server (issue 17). Generates the feed
// benchmark's users, posts and likes (generate.mjs: 95,000 feed posts) and then, in words of one
// vocabulary, 5,000 community posts, 200,000 comments, 10,000 discussion messages, 30 communities, 500
// surveys, and names and job titles for the 10,000 people (generate-search.mjs). Then autocannon with 50
// connections, one load after another in the same run: the suggestions as staff type (prefixes of words
// and names), the results page (whole words, every kind, by relevance and by date) and, for comparison,
// the news feed's first page, and the results page's summary (each tab's count and "Did you mean", issue 33:
// whole words and typos of them). Each search load follows a warm-up of the same load (WARMUP_S), reported
// apart. Budgets (PostgreSQL, 2 cores): suggestions p95 < 50 ms, results page and summary
// p95 < 100 ms, no errors; exits 1 over budget. Not part of `npm test`.
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { load as loadWith } from './autocannon-load.mjs';
import { durationSeconds, hashBenchPassword, PASSWORD, SIZES } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { FIRST_NAMES, generateSearchData, LAST_NAMES, vocabulary } from './generate-search.mjs';
import { login, startServer, stopServer } from './server.mjs';

const CONNECTIONS = 50;
const DURATION_S = durationSeconds(20);
const load = (base, paths, tokens) =>
  loadWith(base, paths, tokens, { connections: CONNECTIONS, durationS: DURATION_S });
const BUDGET = { suggestP95Ms: 50, pageP95Ms: 100, summaryP95Ms: 100 };
/**
 * Before each search load, the same load for this long, reported apart and not judged: the server caches
 * each text's matches (ADR 036), and the first pass over the load's distinct texts reads them all. Like
 * bench:mix's warm-up.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 10);
const COUNTS = {
  communityPosts: Number(process.env.BENCH_COMMUNITY_POSTS ?? 5_000),
  comments: Number(process.env.BENCH_COMMENTS ?? 200_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 10_000),
  surveys: 500,
};
const TOKEN_USERS = 40;
const KINDS = ['posts', 'communityPosts', 'comments', 'messages', 'communities', 'people', 'surveys'];

const fmt = (name, r) =>
  `${name.padEnd(40)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms  ${Math.round(r.rps).toString().padStart(5)} req/s  ${r.errors} errors`;

/** A spread of what staff type: prefixes of words and names, one and two words. */
export function suggestPaths() {
  const vocab = vocabulary();
  const paths = [];
  for (let i = 0; i < 400; i++) {
    const word = vocab[(i * 7919) % vocab.length];
    const other = vocab[(i * 104729) % vocab.length];
    const name = i % 2 ? FIRST_NAMES[i % FIRST_NAMES.length] : LAST_NAMES[i % LAST_NAMES.length];
    const typed = [
      word.slice(0, 3 + (i % 3)),
      `${word} ${other.slice(0, 3)}`,
      name.slice(0, 3 + (i % 4)),
      word,
    ][i % 4];
    paths.push(`/v1/api/search/suggest?q=${encodeURIComponent(typed)}`);
  }
  return paths;
}

/** Results pages: a whole word (or a name), every kind, by relevance and by date. */
export function pagePaths() {
  const vocab = vocabulary();
  const paths = [];
  for (let i = 0; i < 700; i++) {
    const kind = KINDS[i % KINDS.length];
    const q =
      kind === 'people'
        ? `${FIRST_NAMES[i % FIRST_NAMES.length]}`
        : i % 5 === 0
          ? `${vocab[(i * 7919) % vocab.length]} ${vocab[(i * 31) % vocab.length]}`
          : vocab[(i * 7919) % vocab.length];
    const sort = i % 3 === 0 ? 'date' : 'relevance';
    paths.push(`/v1/api/search?${new URLSearchParams({ q, kind, sort })}`);
  }
  return paths;
}

/** A typo of a word: two letters swapped, as fast typing does. */
const typo = (word) => (word.length < 5 ? word : `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`);

/** Results pages' summaries: whole words, two words and names, a third of them with a typo. */
export function summaryPaths() {
  const vocab = vocabulary();
  const paths = [];
  for (let i = 0; i < 500; i++) {
    const word = vocab[(i * 7919) % vocab.length];
    const q = [
      word,
      `${word} ${vocab[(i * 31) % vocab.length]}`,
      typo(word),
      LAST_NAMES[i % LAST_NAMES.length],
      typo(LAST_NAMES[i % LAST_NAMES.length]),
      word,
    ][i % 6];
    paths.push(`/v1/api/search/summary?${new URLSearchParams({ q })}`);
  }
  return paths;
}

/** The server fills "Did you mean"'s words at start while the list is empty (spelling.ts): waits for them. */
async function waitForSearchWords(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (let i = 0; i < 600; i++) {
      const { rows } = await client.query('select count(*)::int as n from search_words');
      if (rows[0].n > 0) return rows[0].n;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('search_words stayed empty');
  } finally {
    await client.end();
  }
}

async function main() {
  const passwordHash = await hashBenchPassword();
  const feedPosts = SIZES.posts - COUNTS.communityPosts;
  console.log(
    `data: ${SIZES.users} people, ${feedPosts} feed posts + ${COUNTS.communityPosts} community posts, ` +
      `${COUNTS.comments} comments, ${COUNTS.messages} discussion messages, ${SIZES.likes} likes; ` +
      `${CONNECTIONS} connections, ${DURATION_S} s a load`,
  );
  const cluster = await startThrowawayPostgres();
  const serverEnv = {
    DATABASE_URL: process.env.BENCH_PG_TCP ? cluster.url : cluster.socketUrl,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
  };
  let failed = false;
  try {
    let { base, child } = await startServer(serverEnv);
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const exec = (sql) => client.query(sql);
      const feedMs = await generateFeedData(exec, { ...SIZES, posts: feedPosts, passwordHash });
      const searchMs = await generateSearchData(exec, { users: SIZES.users, ...COUNTS });
      await client.end();
      console.log(`PostgreSQL: data generated in ${((feedMs + searchMs) / 1000).toFixed(1)} s`);
      // A start with an empty word list (the first was before the data) fills it, as on an upgrade.
      await stopServer(child);
      ({ base, child } = await startServer(serverEnv));
      const wordsAt = Date.now();
      const words = await waitForSearchWords(cluster.url);
      console.log(
        `search words: ${words}, ready ${((Date.now() - wordsAt) / 1000).toFixed(1)} s after the restarted server answered (the job at start)`,
      );

      const tokens = [];
      for (let i = 1; i <= TOKEN_USERS; i++)
        tokens.push(
          (await login(base, `bench${i * Math.floor(SIZES.users / TOKEN_USERS)}@example.com`, PASSWORD))
            .accessToken,
        );

      // Every path answers before the load starts: a 4xx or 5xx would only show as an error count.
      for (const path of [
        ...suggestPaths().slice(0, 8),
        ...pagePaths().slice(0, 14),
        ...summaryPaths().slice(0, 6),
      ]) {
        const res = await fetch(base + path, { headers: { authorization: `Bearer ${tokens[0]}` } });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      }

      const warm = (paths) =>
        loadWith(base, paths, tokens, { connections: CONNECTIONS, durationS: WARMUP_S });
      const suggestWarmup = await warm(suggestPaths());
      const suggest = await load(base, suggestPaths(), tokens);
      const pageWarmup = await warm(pagePaths());
      const page = await load(base, pagePaths(), tokens);
      const summaryWarmup = await warm(summaryPaths());
      const summary = await load(base, summaryPaths(), tokens);
      const feed = await load(base, ['/v1/api/newsfeed?limit=10'], tokens);
      console.log(
        '\nPostgreSQL 15, one run (budgets: suggestions p95 < 50 ms, results page and summary p95 < 100 ms)',
      );
      console.log(fmt(`suggestions: first ${WARMUP_S} s (warm-up, not judged)`, suggestWarmup));
      console.log(fmt('GET /v1/api/search/suggest (as you type)', suggest));
      console.log(fmt(`results page: first ${WARMUP_S} s (warm-up, not judged)`, pageWarmup));
      console.log(fmt('GET /v1/api/search (results page)', page));
      console.log(fmt(`summary: first ${WARMUP_S} s (warm-up, not judged)`, summaryWarmup));
      console.log(fmt('GET /v1/api/search/summary (tab counts)', summary));
      console.log(fmt('GET /v1/api/newsfeed first page (compare)', feed));
      for (const [name, r, budget] of [
        ['suggestions', suggest, BUDGET.suggestP95Ms],
        ['results page', page, BUDGET.pageP95Ms],
        ['summary', summary, BUDGET.summaryP95Ms],
      ]) {
        const over = r.p95 >= budget || r.errors > 0;
        console.log(
          `${over ? 'OVER BUDGET' : 'within budget'}: ${name} (p95 ${r.p95.toFixed(1)} ms, budget ${budget} ms)`,
        );
        failed ||= over;
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    cluster.stop();
  }
  console.log(failed ? '\nsearch benchmark: OVER BUDGET' : '\nsearch benchmark: within budget');
  process.exit(failed ? 1 : 0);
}

// Run directly (the paths are imported by other scripts).
if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
