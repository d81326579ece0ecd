#!/usr/bin/env node
// `npm run bench:streams`: 2,000 open live notification streams on one instance (issue 16, Load). 200 staff
// each keep 10 streams open (tabs and devices) on a PostgreSQL server; meanwhile GET /v1/health is loaded
// for 20 s with 10 connections, and a post for everyone is published: every stream must get its new
// count. Budget: /v1/health p99 under 50 ms with the streams open, no stream lost, every stream told within
// 5 s. It prints the server's memory before and after opening the streams. Not part of `npm test`.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { durationSeconds, hashBenchPassword, PASSWORD } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { login, startServer, stopServer } from './server.mjs';

const USERS = 200;
const STREAMS_PER_USER = Number(process.env.BENCH_STREAMS_PER_USER ?? 10);
const DURATION_S = durationSeconds(20);
const BUDGET = { healthP99Ms: 50, allToldMs: 5000 };

/** The server's resident memory in MB, from /proc. */
const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** Opens a stream with the Authorization header and counts the `data:` events it receives. */
async function openStream(base, token) {
  const controller = new AbortController();
  const res = await fetch(`${base}/v1/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream refused: ${res.status}`);
  const stream = { events: [], ended: false, close: () => controller.abort() };
  const decoder = new TextDecoder();
  let buffer = '';
  (async () => {
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) stream.events.push({ at: performance.now(), ...JSON.parse(data.slice(6)) });
        }
      }
    } catch {}
    stream.ended = true;
  })();
  return stream;
}

function healthLoad(base) {
  return new Promise((resolve, reject) => {
    const times = [];
    const instance = autocannon(
      { url: `${base}/v1/health`, connections: 10, duration: DURATION_S },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
        resolve({
          p50: at(50),
          p99: at(99),
          rps: result.requests.average,
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_c, _s, _b, responseTime) => times.push(responseTime));
  });
}

async function main() {
  const passwordHash = await hashBenchPassword();
  const cluster = await startThrowawayPostgres();
  const client = new pg.Client({ connectionString: cluster.url });
  const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';
  let failed = false;
  try {
    const { base, child } = await startServer({ DATABASE_URL: cluster.socketUrl, JWT_SECRET });
    try {
      await client.connect();
      await generateFeedData((sql) => client.query(sql), { users: USERS, posts: 0, likes: 0, passwordHash });
      await client.query(`UPDATE users SET role_id = 1 WHERE email = 'bench1@example.com'`);
      const category = (await client.query(`SELECT id FROM feed_categories WHERE name = 'Bench News'`))
        .rows[0].id;
      const sessions = [];
      for (let i = 1; i <= USERS; i++) sessions.push(await login(base, `bench${i}@example.com`, PASSWORD));
      const before = rssMb(child.pid);
      const streams = [];
      for (const s of sessions)
        for (let k = 0; k < STREAMS_PER_USER; k++) streams.push(await openStream(base, s.accessToken));
      await new Promise((r) => setTimeout(r, 1000));
      const after = rssMb(child.pid);
      console.log(
        `${streams.length} streams open: server memory ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (${(((after - before) * 1024) / streams.length).toFixed(1)} KB a stream)`,
      );

      const loading = healthLoad(base);
      await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
      const counts = streams.map((s) => s.events.length);
      const published = performance.now();
      const res = await fetch(`${base}/v1/api/feed-posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sessions[0].accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'For every open tab',
          subtitle: 'Streams benchmark',
          text: '<p>Hello</p>',
          feedCategories: [category],
          startAt: '2026-01-01 08:00:00',
          endAt: '2099-12-31 23:59:59',
          stateId: 2,
        }),
      });
      if (res.status !== 201) throw new Error(`publish failed: ${res.status}`);
      const health = await loading;
      // The author is not notified of their own post: the other users' streams must each have a new count.
      const others = streams.slice(STREAMS_PER_USER);
      const told = others.map((s, i) =>
        s.events.slice(counts[i + STREAMS_PER_USER]).find((e) => e.unviewed >= 1),
      );
      const missing = told.filter((e) => !e).length;
      const lastMs = Math.max(...told.filter(Boolean).map((e) => e.at - published));
      const lost = streams.filter((s) => s.ended).length;
      console.log(
        `GET /v1/health with the streams open: p50 ${health.p50.toFixed(1)} ms  p99 ${health.p99.toFixed(1)} ms  ${Math.round(health.rps)} req/s  ${health.errors} errors`,
      );
      console.log(
        `a post for everyone: ${others.length - missing} of ${others.length} streams told within ${(lastMs / 1000).toFixed(2)} s; ${lost} streams ended`,
      );
      failed =
        health.p99 >= BUDGET.healthP99Ms ||
        health.errors > 0 ||
        missing > 0 ||
        lost > 0 ||
        lastMs >= BUDGET.allToldMs;
      for (const s of streams) s.close();
    } finally {
      await stopServer(child);
    }
  } finally {
    await client.end().catch(() => undefined);
    cluster.stop();
  }
  console.log(failed ? '\nstreams benchmark: OVER BUDGET' : '\nstreams benchmark: within budget');
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
