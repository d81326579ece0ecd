#!/usr/bin/env node
import pg from 'pg';
// `npm run bench:growth`: a year of sessions and notifications, then the daily pruning (issue 31, item 7).
// Generates in SQL (like generate.mjs) a year of working days for BENCH_STAFF people (default 100): each
// working day a login (a refresh family of 12 hours) and a refresh every 15 minutes from 08:00 to 16:00 UTC
// (32 rows), every 20th session logged out; four notifying events a day for everyone (70% viewed within an
// hour); a mailed link a quarter each. Then on a throwaway PostgreSQL it reports the tables' sizes
// (pg_total_relation_size) and the latency of the guard's read (the SQL of guards.ts readUser, straight to
// the database: the guard caches it for 10 s) and of POST /v1/auth/refresh-token through the server, before
// and after running the pruning jobs' functions (token-pruning.ts, notifications/retention.ts) with the
// default retention. "After" is measured twice: right after the deletes (the files keep their size; the
// space is reused by new rows) and after VACUUM FULL (the size the table settles at under daily pruning).
// Sizes for 50,000 staff are extrapolated linearly from BENCH_STAFF (rows per person do not depend on the
// number of people); generating 50,000 people's year (400 million token rows) would take hours. Not part of
// `npm test`.
import { tsImport } from 'tsx/esm/api';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { hashBenchPassword } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { startServer, stopServer } from './server.mjs';

const STAFF = Number(process.env.BENCH_STAFF ?? 100);
const TARGET_STAFF = 50_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';
/** People whose refresh latency is measured through the server, and refreshes each. */
const REFRESHERS = 40;
const REFRESHES = 25;
const GUARD_READS = 3000;

const TABLES = ['refresh_tokens', 'notifications', 'notification_events', 'email_tokens'];

/** Working days (Monday to Friday, UTC) of the year before today, oldest first, as 'YYYY-MM-DD'. */
function workingDays() {
  const days = [];
  const today = new Date();
  for (let i = 365; i >= 1; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

async function generate(client, passwordHash) {
  const started = Date.now();
  await generateFeedData((s) => client.query(s), { users: STAFF, posts: 0, likes: 0, passwordHash });
  const days = workingDays();
  await client.query('SET session_replication_role = replica');
  // A month of days per statement: each statement a few hundred thousand rows.
  for (let i = 0; i < days.length; i += 20) {
    const list = days.slice(i, i + 20);
    const arr = `ARRAY[${list.map((d) => `'${d}'::date`).join(',')}]`;
    await client.query(`
      INSERT INTO refresh_tokens (user_id, family_id, token_hash, remember, expires_at, used_at, revoked_at, created_at)
      SELECT u.id, u.id || '-' || d, md5(u.id || '-' || d || '-' || k) || md5(k || '-' || d || '-' || u.id), false,
        d + interval '8 hours' + k * interval '15 minutes' + interval '12 hours',
        CASE WHEN k < 31 THEN d + interval '8 hours' + (k + 1) * interval '15 minutes' END,
        CASE WHEN (u.id + extract(doy from d)::int) % 20 = 0 THEN d + interval '16 hours 5 minutes' END,
        d + interval '8 hours' + k * interval '15 minutes'
      FROM users u, unnest(${arr}) d, generate_series(0, 31) k
      WHERE u.email LIKE 'bench%'`);
    await client.query(`
      INSERT INTO notification_events (type, object_id, title, created_at, processed_at, fanned_out_to)
      SELECT 'FEED_POST', e, 'News ' || d || ' ' || e, d + interval '9 hours' + e * interval '2 hours',
        d + interval '9 hours 1 minute' + e * interval '2 hours', null
      FROM unnest(${arr}) d, generate_series(0, 3) e`);
    await client.query(`
      INSERT INTO notifications (user_id, type, object_id, title, event_id, sent_at, viewed_at)
      SELECT u.id, ev.type, ev.object_id, ev.title, ev.id, ev.processed_at,
        CASE WHEN (u.id + ev.id) % 10 < 7 THEN ev.processed_at + interval '1 hour' END
      FROM notification_events ev, users u
      WHERE u.email LIKE 'bench%' AND ev.created_at >= ${`'${list[0]}'::date`}
        AND ev.created_at < ${`'${list.at(-1)}'::date`} + 1`);
    process.stdout.write(`\r  generated ${Math.min(i + 20, days.length)}/${days.length} working days`);
  }
  await client.query(`
    INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at, used_at, created_at)
    SELECT u.id, 'reset', md5('mail-' || u.id || '-' || q), now() - q * interval '91 days' + interval '1 hour',
      now() - q * interval '91 days' + interval '5 minutes', now() - q * interval '91 days'
    FROM users u, generate_series(0, 3) q WHERE u.email LIKE 'bench%'`);
  // A live session for the people whose refreshes are timed: token 'bench-refresh-<id>'.
  await client.query(`
    INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
    SELECT id, 'live-' || id, encode(sha256(convert_to('bench-refresh-' || id, 'UTF8')), 'hex'),
      now() + interval '12 hours'
    FROM users WHERE email LIKE 'bench%' ORDER BY id LIMIT ${REFRESHERS}`);
  await client.query('SET session_replication_role = DEFAULT');
  await client.query('ANALYZE');
  console.log(`\n  in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gb = (bytes) => `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;

async function sizes(client) {
  const out = {};
  for (const t of TABLES) {
    const { rows } = await client.query(
      `SELECT pg_total_relation_size('${t}')::bigint AS bytes, (SELECT count(*) FROM ${t})::bigint AS n`,
    );
    out[t] = { bytes: Number(rows[0].bytes), rows: Number(rows[0].n) };
  }
  return out;
}

function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { p50: at(50), p95: at(95), p99: at(99) };
}
const ms = (x) => `${x.toFixed(2)} ms`;

/** The guard's read of one person (guards.ts readUser), for random people. */
async function guardLatency(client, userIds) {
  const samples = [];
  for (let i = 0; i < GUARD_READS; i++) {
    const id = userIds[Math.floor(Math.random() * userIds.length)];
    const t0 = performance.now();
    await client.query(
      `SELECT users.id, users.role_id, users.first_name, users.email, users.is_active, users.token_version, (
         select array_agg(distinct rt.family_id) from refresh_tokens rt
         where rt.user_id = "users"."id" and rt.revoked_at > now() - make_interval(secs => 960)
       ) FROM users WHERE users.id = $1`,
      [id],
    );
    samples.push(performance.now() - t0);
  }
  return percentiles(samples);
}

/** POST /v1/auth/refresh-token through the server, each person's chain of rotations in turn. */
async function refreshLatency(base, tokens) {
  const samples = [];
  for (let r = 0; r < REFRESHES; r++) {
    for (let i = 0; i < tokens.length; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/auth/refresh-token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i]}` },
      });
      samples.push(performance.now() - t0);
      if (!res.ok) throw new Error(`refresh failed: ${res.status} ${await res.text()}`);
      tokens[i] = (await res.json()).data.refreshToken;
    }
  }
  return percentiles(samples);
}

function report(label, s, guard, refresh) {
  console.log(`\n${label}`);
  for (const t of TABLES) {
    const scaled = (s[t].bytes * TARGET_STAFF) / STAFF;
    console.log(
      `  ${t.padEnd(20)} ${String(s[t].rows).padStart(10)} rows  ${mb(s[t].bytes).padStart(10)}   (50,000 staff: ~${gb(scaled)})`,
    );
  }
  if (guard)
    console.log(`  guard read       p50 ${ms(guard.p50)}  p95 ${ms(guard.p95)}  p99 ${ms(guard.p99)}`);
  if (refresh)
    console.log(`  refresh (HTTP)   p50 ${ms(refresh.p50)}  p95 ${ms(refresh.p95)}  p99 ${ms(refresh.p99)}`);
}

async function main() {
  console.log(`A year of ${STAFF} staff on PostgreSQL 15 (sizes extrapolated to ${TARGET_STAFF})`);
  const passwordHash = await hashBenchPassword();
  const cluster = await startThrowawayPostgres();
  const client = new pg.Client({ connectionString: cluster.url });
  let server;
  try {
    server = await startServer({ DATABASE_URL: cluster.socketUrl, JWT_SECRET });
    await client.connect();
    await generate(client, passwordHash);
    const ids = (await client.query(`SELECT id FROM users WHERE email LIKE 'bench%' ORDER BY id`)).rows.map(
      (r) => r.id,
    );
    const tokens = ids.slice(0, REFRESHERS).map((id) => `bench-refresh-${id}`);

    report(
      'Before pruning',
      await sizes(client),
      await guardLatency(client, ids),
      await refreshLatency(server.base, tokens),
    );

    const { openDatabase } = await tsImport('../server/src/db/client.ts', import.meta.url);
    const { loadConfig } = await tsImport('../server/src/config.ts', import.meta.url);
    const { pruneTokens } = await tsImport('../server/src/features/auth/token-pruning.ts', import.meta.url);
    const { pruneNotifications } = await tsImport(
      '../server/src/features/notifications/retention.ts',
      import.meta.url,
    );
    const { retention } = loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' });
    const database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
    try {
      let t0 = performance.now();
      const tokensPruned = await pruneTokens(database.db, retention);
      const tokenSeconds = (performance.now() - t0) / 1000;
      t0 = performance.now();
      const notificationsPruned = await pruneNotifications(database.db, retention);
      const notificationSeconds = (performance.now() - t0) / 1000;
      console.log(
        `\nPruning (retention ${JSON.stringify(retention)}): tokens ${JSON.stringify(tokensPruned)} in ${tokenSeconds.toFixed(0)} s, notifications ${JSON.stringify(notificationsPruned)} in ${notificationSeconds.toFixed(0)} s`,
      );
      // The next day's run: what a steady day costs (a day's rows to delete, the rest walked).
      t0 = performance.now();
      await pruneTokens(database.db, retention);
      await pruneNotifications(database.db, retention);
      console.log(`  a second run right after: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    } finally {
      await database.close();
    }
    await client.query('ANALYZE');
    report(
      'After pruning',
      await sizes(client),
      await guardLatency(client, ids),
      await refreshLatency(server.base, tokens),
    );
    await client.query(`VACUUM FULL ANALYZE ${TABLES.join(', ')}`);
    report('After pruning and VACUUM FULL', await sizes(client), await guardLatency(client, ids), null);
  } finally {
    await client.end().catch(() => {});
    if (server) await stopServer(server.child);
    cluster.stop();
  }
}

await main();
