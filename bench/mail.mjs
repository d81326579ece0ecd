#!/usr/bin/env node
import pg from 'pg';
// `npm run bench:mail`: mail at the relay's speed (issue 31, item 2). One server process (WORKERS=1) on a
// throwaway PostgreSQL sends to a local SMTP listener that takes 50 ms a message, as a busy relay does. An
// administrator publishes a feed post for everyone to BENCH_MAILS (2,000) staff who turned e-mail on for
// news posts: the fan-out queues one mail job per recipient, as a must-read reminder does. The figure is
// mails/s from the publishing request to the last mail received; the budget is at least 40 a second per
// server process. It also prints how long a must-read reminder to 50,000 staff takes at that rate, on one
// process and on the reference deployment (docs/deploy.md). MAIL_CONCURRENCY is passed through to the
// server (default 8). This is a benchmark, not a test: it is not part of `npm test`.
import { SMTPServer } from 'smtp-server';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { hashBenchPassword, PASSWORD } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { login, startServer, stopServer } from './server.mjs';

const MAILS = Number(process.env.BENCH_MAILS ?? 2_000);
const RELAY_MS = 50;
const BUDGET_PER_SECOND = 40;
const STAFF = 50_000;
/** The reference deployment for 50,000 staff (docs/deploy.md): 4 instances of 2 server processes. */
const REFERENCE_PROCESSES = 4 * 2;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';

/** A local relay taking RELAY_MS a message; counts messages and the most it held at once. */
async function startRelay() {
  const relay = { received: 0, inFlight: 0, maxInFlight: 0, firstAt: 0, lastAt: 0, url: '' };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      relay.inFlight++;
      relay.maxInFlight = Math.max(relay.maxInFlight, relay.inFlight);
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          relay.inFlight--;
          relay.received++;
          relay.lastAt = performance.now();
          relay.firstAt ||= relay.lastAt;
          callback();
        }, RELAY_MS),
      );
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `smtp://127.0.0.1:${server.server.address().port}`;
  relay.stop = () => new Promise((resolve) => server.close(resolve));
  return relay;
}

async function publish(base, token, categoryId) {
  const res = await fetch(`${base}/v1/api/feed-posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Please read: the new travel policy',
      subtitle: 'For everyone',
      text: '<p>Benchmark announcement</p>',
      feedCategories: [categoryId],
      startAt: '2026-01-01 08:00:00',
      endAt: '2099-12-31 23:59:59',
      stateId: 2,
    }),
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
}

const duration = (seconds) =>
  seconds >= 3600
    ? `${(seconds / 3600).toFixed(1)} h`
    : seconds >= 60
      ? `${(seconds / 60).toFixed(1)} min`
      : `${seconds.toFixed(0)} s`;

async function main() {
  const passwordHash = await hashBenchPassword();
  const relay = await startRelay();
  const cluster = await startThrowawayPostgres();
  const client = new pg.Client({ connectionString: cluster.url });
  let server;
  try {
    await client.connect();
    server = await startServer({
      DATABASE_URL: cluster.socketUrl,
      JWT_SECRET,
      WORKERS: '1',
      SMTP_URL: relay.url,
    });
    // bench1 is the administrator who publishes; the other MAILS have e-mail on for news posts.
    await generateFeedData((q) => client.query(q), { users: MAILS + 1, posts: 0, likes: 0, passwordHash });
    await client.query(`UPDATE users SET role_id = 1 WHERE email = 'bench1@example.com'`);
    await client.query(
      `INSERT INTO notification_preferences (user_id, type, in_app, push, email)
       SELECT id, 'FEED_POST', 1, 0, 1 FROM users WHERE email <> 'bench1@example.com'`,
    );
    const { rows } = await client.query(`SELECT id FROM feed_categories WHERE name = 'Bench News'`);
    const admin = await login(server.base, 'bench1@example.com', PASSWORD);
    const concurrency = process.env.MAIL_CONCURRENCY ?? '8 (default)';
    console.log(
      `mail: ${MAILS} notification mails, one server process, MAIL_CONCURRENCY ${concurrency}, a relay taking ${RELAY_MS} ms a message`,
    );

    const started = performance.now();
    await publish(server.base, admin.accessToken, rows[0].id);
    const deadline = started + Math.max(120_000, (MAILS / 2) * 1000);
    while (relay.received < MAILS) {
      if (performance.now() > deadline) throw new Error(`only ${relay.received} of ${MAILS} mails arrived`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (relay.lastAt - started) / 1000;
    const rate = MAILS / seconds;
    const steady = (MAILS - 1) / ((relay.lastAt - relay.firstAt) / 1000);
    const failed = (
      await client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notificationMail' AND state <> 'completed'`,
      )
    ).rows[0].n;
    console.log(
      `  ${MAILS} mails in ${seconds.toFixed(1)} s from the publishing request: ${rate.toFixed(1)} mails/s` +
        ` (${steady.toFixed(1)}/s from the first to the last; at most ${relay.maxInFlight} at once at the relay; ${failed} jobs not completed)`,
    );
    console.log(
      `  a must-read reminder to ${STAFF.toLocaleString('en')} staff: ${duration(STAFF / rate)} on one server process,` +
        ` ${duration(STAFF / (rate * REFERENCE_PROCESSES))} on the reference deployment (${REFERENCE_PROCESSES} processes, if the relay keeps up with ${REFERENCE_PROCESSES * 8} connections)`,
    );
    const over = rate < BUDGET_PER_SECOND;
    console.log(
      over
        ? `\nmail benchmark: OVER BUDGET (${rate.toFixed(1)} < ${BUDGET_PER_SECOND} mails/s)`
        : `\nmail benchmark: within budget (>= ${BUDGET_PER_SECOND} mails/s)`,
    );
    return over;
  } finally {
    if (server) await stopServer(server.child);
    await client.end().catch(() => undefined);
    cluster.stop();
    await relay.stop();
  }
}

main().then(
  (over) => process.exit(over ? 1 : 0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
