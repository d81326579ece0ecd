#!/usr/bin/env node
// `npm run bench:reach`: seen events and a post's reach at the scale of issue 18, on a PostgreSQL server.
// Generates the feed benchmark's posts and likes for 50,000 people (generate.mjs), then 1,000,000 read
// rows (post_reads) over the newest posts, the newest of them a must-read seen by most of its audience.
// Then, one after another in the same run:
//   1. GET /v1/health (the floor) and the feed's first page alone (50 connections, as fast as answered), as
//      bench/feed.mjs measures them; then the feed alone at its budget's rate, 1,000 pages a second;
//   2. the feed at that rate WHILE the browsers' batches of seen events arrive at theirs (POST
//      /v1/api/post-reads, 20 cards a batch, as many people scrolling), each load in a process of its own:
//      the feed's budget must still hold; then the feed as fast as answered with the same batches, to show
//      the share of the machine the events take;
//   3. the batches alone, as fast as they are answered: how many events a second the server takes in;
//   4. the reach of the must-read post (GET /v1/api/feed-posts/{id}/reach: totals, splits by location and
//      department, per day), one request after another as its author.
// Paced loads send for 2 s before they count, and loads side by side start at one moment (paced-load.mjs).
// Budgets (2 cores shared with the load generators): at least 5,000 events/s ingested with no errors while
// the feed's first page keeps its budget, p95 < 30 ms at >= 1,000 req/s (bench/feed.mjs); the reach
// p95 < 50 ms. Exits 1 over budget.
// Not part of `npm test`.
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { load, loadInProcess, percentile } from './autocannon-load.mjs';
import { durationSeconds, hashBenchPassword, PASSWORD, SIZES } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { login, startServer, stopServer } from './server.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 1_000_000);
const DURATION_S = durationSeconds(20);
const FEED_CONNECTIONS = 50;
/** Cards a batch of seen events holds: what a person scrolls past in the few seconds between batches. */
const EVENTS_PER_BATCH = 20;
const TARGET_EVENTS_PER_S = 5_000;
const BUDGET = { eventsPerS: TARGET_EVENTS_PER_S, feedP95Ms: 30, feedRps: 1_000, reachP95Ms: 50 };
/** People whose tokens send the batches (each batch is recorded for its sender). */
const SENDERS = 200;
/** Seconds each paced load sends before it counts (paced-load.mjs: a load process starts cold). */
const WARMUP_S = 2;
/** Time given to two load processes to boot before their common start. */
const BOOT_MS = 2_000;
const REACH_REQUESTS = 200;

const fmt = (name, r) =>
  `${name.padEnd(46)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms  ${Math.round(r.rps).toString().padStart(5)} req/s  ${r.errors} errors`;

/**
 * 1,000,000 read rows: every person saw some of the newest published posts (a person's share is spread so
 * that newer posts reach more people), a third of those opened, and the newest post, a must-read due in a
 * week, acknowledged by 80% of those who saw it.
 */
async function generateReads(exec) {
  const started = Date.now();
  // The must-read post read by everyone, each other post by every other person.
  const posts = 1 + Math.ceil((READS - USERS) / (USERS / 2));
  await exec(`UPDATE users SET role_id = 1 WHERE email = 'bench1@example.com'`);
  await exec(`
    CREATE TEMP TABLE newest AS
      SELECT id, row_number() OVER (ORDER BY start_at DESC, id DESC) AS rank FROM feed_posts
      WHERE state_id = 2 AND kind = 1 AND NOT has_audience AND start_at <= now()
      ORDER BY start_at DESC, id DESC LIMIT ${posts}`);
  await exec(`ALTER TABLE post_reads SET (autovacuum_enabled = false)`);
  await exec(`
    INSERT INTO post_reads (post_id, user_id, seen_at, opened_at, acknowledged_at)
    SELECT n.id, u.id, now() - (n.rank * interval '10 minutes') + (u.id % 600) * interval '1 second',
      CASE WHEN u.id % 3 = 0 THEN now() - (n.rank * interval '10 minutes') + interval '20 minutes' END,
      CASE WHEN n.rank = 1 AND u.id % 5 <> 0 THEN now() - interval '5 minutes' END
    FROM newest n JOIN users u ON (u.id + n.rank) % 2 = 0 OR n.rank = 1
    ON CONFLICT DO NOTHING`);
  // Each read with its reader's location and department, as recording it writes them (reach/reads.ts).
  await exec(`
    WITH placed AS (
      SELECT ug.user_id, min(ug.group_id) FILTER (WHERE g.group_type_id = 1) AS loc,
        min(ug.group_id) FILTER (WHERE g.group_type_id = 2) AS dep
      FROM user_groups ug JOIN groups g ON g.id = ug.group_id GROUP BY ug.user_id)
    UPDATE post_reads r SET location_id = p.loc, department_id = p.dep FROM placed p WHERE p.user_id = r.user_id`);
  await exec(`ALTER TABLE post_reads RESET (autovacuum_enabled)`);
  await exec(`
    UPDATE feed_posts SET requires_ack = true, ack_due_at = now() + interval '7 days'
    WHERE id = (SELECT id FROM newest WHERE rank = 1)`);
  // Every post read was announced: the fan-out counted its audience (everyone active but the author) in
  // all and per group (notifications/fanout.ts), as here.
  await exec(`
    UPDATE feed_posts p SET targeted_count = (SELECT count(*) FROM users u WHERE u.is_active AND u.id <> p.user_id)
    FROM newest n WHERE n.id = p.id`);
  await exec(`
    WITH placed AS (
      SELECT u.id, min(ug.group_id) FILTER (WHERE g.group_type_id = 1) AS loc,
        min(ug.group_id) FILTER (WHERE g.group_type_id = 2) AS dep
      FROM users u LEFT JOIN user_groups ug ON ug.user_id = u.id LEFT JOIN groups g ON g.id = ug.group_id
      WHERE u.is_active GROUP BY u.id
    ), per AS (
      SELECT 1 AS type, coalesce(loc, 0) AS group_id, count(*) AS n FROM placed GROUP BY 2
      UNION ALL SELECT 2, coalesce(dep, 0), count(*) FROM placed GROUP BY 2
    )
    INSERT INTO post_targeted_groups (post_id, group_type_id, group_id, people)
    SELECT n.id, per.type, per.group_id, per.n - (SELECT count(*) FROM placed a WHERE a.id = p.user_id
      AND coalesce(CASE per.type WHEN 1 THEN a.loc ELSE a.dep END, 0) = per.group_id)
    FROM newest n JOIN feed_posts p ON p.id = n.id CROSS JOIN per`);
  await exec('VACUUM ANALYZE post_reads');
  await exec('VACUUM ANALYZE feed_posts');
  const { rows } = await exec('SELECT count(*)::int AS n FROM post_reads');
  const must = await exec('SELECT id FROM newest WHERE rank = 1');
  const others = await exec('SELECT id FROM newest WHERE rank > 1 ORDER BY rank');
  return {
    ms: Date.now() - started,
    rows: rows[0].n,
    mustReadId: must.rows[0].id,
    readIds: others.rows.map((r) => r.id),
  };
}

/**
 * Batches of seen events, each new to the server: sender i % SENDERS sends the posts of window
 * floor(i / SENDERS) of the 4,000 newest published posts (20 each), so the first SENDERS x 200 batches
 * (800,000 events) are all different person-and-post pairs, as people scrolling past cards they had not
 * seen. Repeats would only measure the no-op of the conflict clause.
 */
async function seenBatches(exec) {
  const windows = 200;
  const { rows } = await exec(`
    SELECT id FROM feed_posts WHERE state_id = 2 AND kind = 1 AND NOT has_audience AND start_at <= now()
    ORDER BY start_at DESC, id DESC LIMIT ${windows * EVENTS_PER_BATCH}`);
  const ids = rows.map((r) => r.id);
  const bodies = [];
  for (let w = 0; w < windows; w++) {
    const seen = ids.slice(w * EVENTS_PER_BATCH, (w + 1) * EVENTS_PER_BATCH);
    for (let sender = 0; sender < SENDERS; sender++) bodies.push({ seen });
  }
  return bodies;
}

/** One request after another for `postIds` in turn, as their author. */
async function reachLatency(base, token, postIds, requests = REACH_REQUESTS) {
  const times = [];
  for (let i = 0; i < requests; i++) {
    const postId = postIds[i % postIds.length];
    const t = performance.now();
    const res = await fetch(`${base}/v1/api/feed-posts/${postId}/reach`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`reach: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: 0,
    errors: 0,
  };
}

async function main() {
  const passwordHash = await hashBenchPassword();
  console.log(
    `data: ${USERS} people, ${SIZES.posts} posts, ${SIZES.likes} likes, ${READS} read rows; ` +
      `${DURATION_S} s a load; batches of ${EVENTS_PER_BATCH} seen events`,
  );
  const cluster = await startThrowawayPostgres();
  let failed = false;
  try {
    const { base, child } = await startServer({
      DATABASE_URL: process.env.BENCH_PG_TCP ? cluster.url : cluster.socketUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    });
    try {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      const exec = (sql) => client.query(sql);
      const feedMs = await generateFeedData(exec, { ...SIZES, users: USERS, passwordHash });
      const reads = await generateReads(exec);
      const bodies = await seenBatches(exec);
      await client.end();
      console.log(
        `PostgreSQL: data generated in ${((feedMs + reads.ms) / 1000).toFixed(1)} s (${reads.rows} read rows)`,
      );

      const tokens = [];
      for (let i = 1; i <= SENDERS; i++)
        tokens.push(
          (await login(base, `bench${i * Math.floor(USERS / SENDERS)}@example.com`, PASSWORD)).accessToken,
        );
      const feedTokens = tokens.slice(0, 40);
      const author = (await login(base, 'bench1@example.com', PASSWORD)).accessToken;
      // Every route answers before the loads start: a 4xx would only show as an error count.
      const probe = await fetch(`${base}/v1/api/post-reads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
        body: JSON.stringify(bodies[0]),
      });
      if (!probe.ok) throw new Error(`post-reads: ${probe.status} ${await probe.text()}`);

      const feedPath = ['/v1/api/newsfeed?limit=10'];
      const readsPath = ['/v1/api/post-reads'];
      // The framework's floor on this machine at this hour (as bench/feed.mjs): a slow hour shows here too.
      const closed = { connections: FEED_CONNECTIONS, durationS: DURATION_S };
      const health = await load(base, ['/v1/health'], [], closed);
      const feedAlone = await load(base, feedPath, feedTokens, closed);
      // The feed's budget (bench/feed.mjs) is p95 < 30 ms at >= 1,000 req/s. Measured as 50 connections
      // asking as fast as answered, it is a measure of the machine's whole capacity: any other work at the
      // same moment slows it, and its p95 is mostly the queue of the 50. So the budget is held at its own
      // rate, 1,000 first pages a second, while the batches arrive at theirs; the load as fast as answered is
      // printed too. Each load runs in a process of its own: in one, the feed's connections kept the event
      // loop busy and the paced batches fell behind their rate.
      const feedRated = { ...closed, rate: BUDGET.feedRps, warmupS: WARMUP_S };
      const rate = TARGET_EVENTS_PER_S / EVENTS_PER_BATCH;
      const eventsPaced = { connections: 50, durationS: DURATION_S, bodies, rate, warmupS: WARMUP_S };
      // Loads that run side by side start at one moment, once both processes have booted.
      const together = () => ({ startAt: Date.now() + BOOT_MS });
      // The batches alone first: how many events a second the server takes in, and the insert path warm
      // (its prepared statements made, the key's pages read) before the loads that run beside the feed.
      const flat = await load(base, readsPath, tokens, { connections: 20, durationS: DURATION_S, bodies });
      const feedAtRate = await loadInProcess(base, feedPath, feedTokens, feedRated);
      // Each load of batches goes on where the last stopped: new events, not ones already recorded.
      const both = together();
      const [feedWith, paced] = await Promise.all([
        loadInProcess(base, feedPath, feedTokens, { ...feedRated, ...both }),
        loadInProcess(base, readsPath, tokens, { ...eventsPaced, ...both, start: flat.total }),
      ]);
      // autocannon starts when its process is ready; the batches' warm-up covers that.
      const [feedFlatWith, pacedFlat] = await Promise.all([
        loadInProcess(base, feedPath, feedTokens, closed),
        loadInProcess(base, readsPath, tokens, { ...eventsPaced, start: flat.total + paced.total }),
      ]);
      // Every post read (half the people each), then the must-read post (everyone) alone.
      const posts = await reachLatency(base, author, [...reads.readIds, reads.mustReadId]);
      const reach = await reachLatency(base, author, [reads.mustReadId]);

      const events = (r) => r.rps * EVENTS_PER_BATCH;
      console.log('\nPostgreSQL 15, one run');
      console.log(fmt('GET /v1/health (floor)', health));
      console.log(fmt('feed first page, alone, as fast as answered', feedAlone));
      console.log(
        `  the feed costs ${(health.rps / Math.max(feedAlone.rps, 1)).toFixed(1)}x the floor's time a request`,
      );
      console.log(fmt(`feed first page, alone, at ${BUDGET.feedRps}/s`, feedAtRate));
      console.log(fmt(`feed first page at ${BUDGET.feedRps}/s, while events arrive`, feedWith));
      const perSecond = (values) => values.map((v) => v.toFixed(0)).join(' ');
      console.log(`  p95 of each second: ${perSecond(feedWith.p95BySecond)} ms`);
      console.log(`  of which the generator sent late (p95): ${perSecond(feedWith.lateP95BySecond)} ms`);
      console.log(fmt(`POST /post-reads at ${rate}/s (${TARGET_EVENTS_PER_S} events/s)`, paced));
      console.log(
        `  = ${Math.round(events(paced))} events/s taken in while the feed ran at its budget's rate`,
      );
      console.log(fmt('feed first page as fast as answered, while events arrive', feedFlatWith));
      console.log(fmt(`POST /post-reads at ${rate}/s, meanwhile`, pacedFlat));
      console.log(
        `  = ${Math.round(events(pacedFlat))} events/s; the feed kept ` +
          `${Math.round((100 * feedFlatWith.rps) / Math.max(feedAlone.rps, 1))}% of its requests a second`,
      );
      console.log(fmt('POST /post-reads, as fast as answered', flat));
      console.log(`  = ${Math.round(events(flat))} events/s at most`);
      console.log(fmt(`GET /feed-posts/{id}/reach, ${reads.readIds.length + 1} posts in turn`, posts));
      console.log(fmt(`GET /feed-posts/${reads.mustReadId}/reach (read by all)`, reach));
      const checks = [
        [
          `ingestion >= ${BUDGET.eventsPerS} events/s with the feed at ${BUDGET.feedRps}/s, no errors`,
          events(paced) >= BUDGET.eventsPerS * 0.98 && paced.errors === 0,
        ],
        [
          `feed first page p95 < ${BUDGET.feedP95Ms} ms at >= ${BUDGET.feedRps} req/s while events arrive`,
          feedWith.p95 < BUDGET.feedP95Ms && feedWith.rps >= BUDGET.feedRps * 0.98 && feedWith.errors === 0,
        ],
        [`reach p95 < ${BUDGET.reachP95Ms} ms, each post`, posts.p95 < BUDGET.reachP95Ms],
        [`reach p95 < ${BUDGET.reachP95Ms} ms, the post read by all`, reach.p95 < BUDGET.reachP95Ms],
      ];
      for (const [name, ok] of checks) {
        console.log(`${ok ? 'within budget' : 'OVER BUDGET'}: ${name}`);
        failed ||= !ok;
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    cluster.stop();
  }
  console.log(failed ? '\nreach benchmark: OVER BUDGET' : '\nreach benchmark: within budget');
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
