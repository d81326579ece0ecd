#!/usr/bin/env node
// `npm run bench:mix`: a mixed load of 200 staff at once on one server on PostgreSQL (issue 16, Load). Each
// of 200 virtual users is a distinct staff account logged in through POST /v1/auth/login with its own
// token, and sends one request after another for 60 s (BENCH_DURATION): 70% reads (the news feed's first
// page and its next pages through the cursor, a post, its comments, the community cards, the bell's
// notifications and unviewed count), 15% likes and favourites toggled on posts it has seen in its feed, 10%
// comments on those posts, 2.5% uploads of a small PNG (multipart, as the web sends it) and 2.5% answers to
// a survey open to staff. Between two requests a user pauses 0.5 to 1.5 s (BENCH_THINK_MS, the mean, 1000
// by default): 200 staff each clicking about once a second, several times the ten requests in a minute
// that docs/deploy.md counts for someone who opens Hearth, so about 190 requests a second are offered.
// BENCH_THINK_MS=0 drops the pause: 200 requests are then always in flight and the run measures the
// server saturated, where by Little's law the mean latency is 200 / throughput whatever the code does (a
// read p95 under 100 ms would need several thousand requests a second on 2 cores); its figures are for
// capacity, and the read budget is meant for the paced load.
//
// It prints p50/p95/p99 and the count per route pattern, every error (a non-2xx answer that is not an
// expected business answer, a network error or a timeout) by route, status and message, and the server's
// resident memory every 10 s (VmRSS of the primary and its cluster workers, from /proc; with METRICS_TOKEN
// set, also the workers' V8 heap in use from /metrics), and the CPU time the server, PostgreSQL and the
// benchmark itself used per request, which holds on a machine shared with other work. Budgets (after a
// 10 s warm-up, reported apart: see WARMUP_MS): every read route's p95 under 100 ms, no error, and flat
// memory (see FLAT_MEMORY). Exits 1 over budget. The data set is small (300 users, 5,000 posts, 30,000 likes, 6 communities, 4 surveys) so that setting it up takes
// seconds. A benchmark, not a test: not part of `npm test`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { durationSeconds, hashBenchPassword, PASSWORD } from './common.mjs';
import { generateFeedData } from './generate.mjs';
import { login, startServer, stopServer } from './server.mjs';

const VUS = Number(process.env.BENCH_VUS ?? 200);
const DURATION_S = durationSeconds(60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
/** Modest data: generated in seconds. BENCH_USERS, BENCH_POSTS and BENCH_LIKES override it as elsewhere. */
const SIZES = {
  users: Number(process.env.BENCH_USERS ?? 300),
  posts: Number(process.env.BENCH_POSTS ?? 5_000),
  likes: Number(process.env.BENCH_LIKES ?? 30_000),
};
const COMMUNITIES = 6;
const SAMPLE_EVERY_MS = 10_000;
/** The web's timeout for a call (LIMITS.requestTimeoutMs): an answer later than this is an error. */
const REQUEST_TIMEOUT_MS = 30_000;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-1';
const BUDGET = { readP95Ms: 100, errors: 0 };
/**
 * Flat memory: the server's RSS (primary and workers together) at the end of the load may exceed its RSS
 * after the first 10 s by at most 30% or 50 MB, whichever is larger. The first 10 s are warm-up: V8 grows
 * its heap to the load's working set, JIT code and the pool's connections come in, and malloc keeps arenas
 * it freed, so RSS rises steeply at first even without a leak and is not compared against. After that a
 * healthy server levels off; the allowance covers old-space growing in steps and GC timing (one sample can
 * land before or after a major GC), while a leak that keeps something per request (60 s at 1,000 requests
 * a second and 1 KB each is 60 MB a worker) breaks it. The floor of 50 MB keeps a small total from making
 * ordinary heap steps fail; the 30% keeps a large one from hiding a leak behind a fixed figure.
 */
const FLAT_MEMORY = { ratio: 0.3, floorMb: 50 };

// ---- the traffic mix: percentages, reads first ------------------------------------------------------

/** kind: read (its p95 is budgeted) or write; weight: percent of all actions. */
const ACTIONS = [
  { name: 'feedFirst', kind: 'read', weight: 14 },
  { name: 'feedNext', kind: 'read', weight: 14 },
  { name: 'postDetail', kind: 'read', weight: 14 },
  { name: 'comments', kind: 'read', weight: 12 },
  { name: 'communities', kind: 'read', weight: 8 },
  { name: 'notifications', kind: 'read', weight: 8 },
  { name: 'like', kind: 'write', weight: 8 },
  { name: 'favourite', kind: 'write', weight: 7 },
  { name: 'comment', kind: 'write', weight: 10 },
  { name: 'upload', kind: 'write', weight: 2.5 },
  { name: 'survey', kind: 'write', weight: 2.5 },
];
const TOTAL_WEIGHT = ACTIONS.reduce((n, a) => n + a.weight, 0);
const pickAction = () => {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const a of ACTIONS) {
    r -= a.weight;
    if (r < 0) return a.name;
  }
  return ACTIONS[0].name;
};
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- HTTP: node:http with a keep-alive agent (one socket per user), timed to the last byte -------------

/** route pattern -> { kind, times[], statuses }; errors by "route status message". */
const stats = new Map();
const errors = new Map();
let expected = 0;
let done = 0;

/**
 * Requests that start in the first 10 s are warm-up, as for memory (FLAT_MEMORY): every user's first
 * request is a first feed page on a server whose JIT, pool connections, prepared statements and caches
 * are cold, 200 of them within a second. They are reported apart (about 400 ms at p95 on 2 cores) and
 * the budget judges the steady load after them.
 */
const WARMUP_MS = 10_000;
let loadStartedAt = Number.POSITIVE_INFINITY;
const warmup = [];

function record(route, kind, ms, status) {
  let s = stats.get(route);
  if (!s) {
    s = { kind, times: [], statuses: new Map() };
    stats.set(route, s);
  }
  if (performance.now() - ms < loadStartedAt + WARMUP_MS) warmup.push(ms);
  else s.times.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  done++;
}

function recordError(route, status, text) {
  let message = text.slice(0, 160);
  try {
    const body = JSON.parse(text);
    message = body.error ?? body.message ?? message;
  } catch {}
  const key = `${route}  ${status}  ${message}`;
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

/**
 * Sends one request and answers { status, text }, status 0 for a network error or a timeout. Records its
 * time under `route` (the pattern, never the URL) and counts it as an error unless `ok(status, text)`.
 */
function send(agent, base, { route, kind, method, path, token, json, body, headers = {}, ok }) {
  const url = new URL(path, base);
  const payload = json !== undefined ? Buffer.from(JSON.stringify(json)) : body;
  const allHeaders = { accept: 'application/json', ...headers };
  if (token) allHeaders.authorization = `Bearer ${token}`;
  if (json !== undefined) allHeaders['content-type'] = 'application/json';
  if (payload) allHeaders['content-length'] = String(payload.length);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status, text) => {
      if (settled) return;
      settled = true;
      record(route, kind, performance.now() - started, status);
      const good = status >= 200 && status < 300;
      if (!good && !(ok?.(status, text) ?? false)) recordError(route, status, text);
      else if (!good) expected++;
      resolve({ status, text });
    };
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: allHeaders,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', (e) => finish(0, `response error: ${e.message}`));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on('error', (e) => finish(0, `network error: ${e.code ?? e.message}`));
    req.end(payload);
  });
}

// ---- a small PNG, and the upload's multipart body ----------------------------------------------------

/** A 48x48 RGB PNG, a gradient tinted by `seed`: a real image the server sniffs, thumbnails and stores. */
function smallPng(seed) {
  const size = 48;
  const chunk = (type, data) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      raw[row + 1 + x * 3] = (x * 5 + seed * 37) & 255;
      raw[row + 2 + x * 3] = (y * 5 + seed * 11) & 255;
      raw[row + 3 + x * 3] = (seed * 53) & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The web's upload (web/src/shared/posts/upload.ts): the text fields first, then the file. */
function uploadBody(filename, data) {
  const boundary = `----hearthbench${Math.random().toString(16).slice(2)}`;
  const field = (name, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('filename', filename) + field('resourceType', 'auto') + field('folder', 'post')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---- the server's memory and CPU time, from /proc ------------------------------------------------------

const rssMb = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** The fields of /proc/<pid>/stat after `pid (comm)`: comm may hold spaces, so read after its last `)`. */
const statFields = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** A process and its children: the server's primary and, with WORKERS > 1 (the default on PostgreSQL),
 * its workers; or PostgreSQL's postmaster and its backends. */
function processTree(root) {
  const children = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (Number(statFields(name)[1]) === root) children.push(Number(name));
    } catch {}
  }
  return [root, ...children.sort((a, b) => a - b)];
}
const serverProcesses = processTree;

/**
 * CPU time (user and system) the processes of a tree have used so far, in ms (clock ticks of 10 ms); the
 * root's count includes its children that ended (a backend that disconnected, a worker replaced).
 */
const cpuMs = (root) =>
  processTree(root).reduce((n, pid) => {
    try {
      const f = statFields(pid).map(Number);
      return n + (f[11] + f[12] + (pid === root ? f[13] + f[14] : 0)) * 10;
    } catch {
      return n;
    }
  }, 0);

/** The throwaway cluster's postmaster: the first line of postmaster.pid in the directory of its socket. */
const postmasterPid = (socketUrl) => {
  const dir = decodeURIComponent(/host=([^&]+)/.exec(socketUrl)?.[1] ?? '');
  return Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
};

function memorySample(primary) {
  const pids = serverProcesses(primary);
  const each = pids.map((pid) => ({ pid, mb: rssMb(pid) }));
  return { total: each.reduce((n, p) => n + p.mb, 0), each };
}

/**
 * With METRICS_TOKEN set (startServer passes the environment on), the V8 heap in use summed over the
 * workers, from GET /metrics (platform/metrics.ts): tells a heap that grows from RSS that does. Else null.
 */
async function heapUsedMb(base) {
  const token = process.env.METRICS_TOKEN;
  if (!token) return null;
  try {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith('nodejs_heap_size_used_bytes'));
    return line ? Number(line.split(' ').pop()) / 1024 / 1024 : null;
  } catch {
    return null;
  }
}

// ---- setup: data, sessions, communities, surveys -------------------------------------------------------

/** Runs `fn` over `items` with at most `limit` at once; answers the results in order. */
async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** A setup call as the admin; throws unless it answers 2xx. */
async function adminCall(base, token, method, path, json) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text).data;
}

/** Public, published communities managed by the admin, each with a third of the users as members. */
async function createCommunities(base, admin, users) {
  for (let c = 0; c < COMMUNITIES; c++) {
    await adminCall(base, admin.accessToken, 'POST', '/v1/api/communities', {
      title: `Bench community ${c + 1}`,
      description: `A community of the mixed-load benchmark (${c + 1})`,
      visibilityId: 1,
      stateId: 2,
      managers: [admin.id],
      users: users.filter((_, i) => i % 3 === c % 3).map((u) => u.id),
    });
  }
}

/**
 * Surveys for everyone, open from 2020 to 2099, built and published through the admin API as the admin
 * pages do: two refillable (every answer is stored) and two answered once per person (a second answer is
 * 409 surveyAnswered, the expected business answer). Answers each survey's questions as read from its form.
 */
async function createSurveys(base, admin) {
  const surveys = [];
  for (let s = 0; s < 4; s++) {
    const refillable = s % 2 === 0 ? 1 : 0;
    const title = `Bench survey ${s + 1}`;
    const description = refillable ? 'Answer as often as you like' : 'One answer each';
    const id = await adminCall(base, admin.accessToken, 'POST', '/v1/api/surveys', {
      title,
      description,
      isRefillable: refillable,
      stateId: 1,
    });
    await adminCall(base, admin.accessToken, 'POST', '/v1/api/surveys/build-survey', {
      surveyId: id,
      categories: [
        {
          name: 'Your week',
          questions: [
            { title: 'Your team', kind: 'text_input', answerType: 'string' },
            {
              title: 'How was it?',
              kind: 'options_question',
              answerType: 'radio',
              options: ['Good', 'Busy', 'Calm'],
            },
            { title: 'Anything else?', kind: 'text_input', answerType: 'textArea', optional: 1 },
          ],
        },
      ],
    });
    await adminCall(base, admin.accessToken, 'PUT', `/v1/api/surveys/${id}`, {
      title,
      description,
      isRefillable: refillable,
      stateId: 2,
      groups: [],
      startAt: '2020-01-01 00:00:00',
      endAt: '2099-12-31 23:59:59',
      isActive: 1,
    });
    const form = await adminCall(base, admin.accessToken, 'GET', `/v1/api/surveys/${id}/form`);
    const questions = form.categories.flatMap((c) => c.questions);
    surveys.push({ id, refillable: refillable === 1, questions });
  }
  return surveys;
}

/** Answers to every question of a survey: a team name, one of the radio's options, sometimes a remark. */
const surveyAnswers = (survey, user) =>
  survey.questions.flatMap((q) => {
    const type = q.questionAnswerType.name;
    if (type === 'radio' || type === 'select')
      return [{ surveyQuestionId: q.id, textAnswer: pick(q.options).value }];
    if (q.optional && Math.random() < 0.5) return [];
    return [
      { surveyQuestionId: q.id, textAnswer: `${type === 'textArea' ? 'Remark from' : 'Team of'} ${user}` },
    ];
  });

// ---- one virtual user ---------------------------------------------------------------------------------

const SEEN_MAX = 100;

async function virtualUser(agent, base, session, index, surveys, deadline) {
  const token = session.accessToken;
  // Posts this user has seen in its feed (so only visible ones are opened, liked or commented on), with
  // their like and favourite as the feed answered them; its cursor into the feed; surveys it answered.
  const seen = [];
  const state = new Map();
  const answered = new Set();
  let cursor = null;
  const png = smallPng(index);
  let uploads = 0;

  const readFeed = async (next) => {
    const res = await send(agent, base, {
      route: next ? 'GET /v1/api/newsfeed (next page)' : 'GET /v1/api/newsfeed (first page)',
      kind: 'read',
      method: 'GET',
      path: `/v1/api/newsfeed?limit=10${next ? `&next=${encodeURIComponent(next)}` : ''}`,
      token,
    });
    if (res.status !== 200) return;
    const page = JSON.parse(res.text).data;
    cursor = page.next;
    for (const p of page.posts) {
      if (!state.has(p.id)) seen.push(p.id);
      state.set(p.id, { liked: p.isLiked, favourited: p.isFavourited });
    }
    while (seen.length > SEEN_MAX) state.delete(seen.shift());
  };

  const toggle = async (postId, type) => {
    const s = state.get(postId) ?? { liked: false, favourited: false };
    const key = type === 1 ? 'liked' : 'favourited';
    const active = s[key] ? 0 : 1;
    const res = await send(agent, base, {
      route: 'POST /v1/api/newsfeed/action',
      kind: 'write',
      method: 'POST',
      path: '/v1/api/newsfeed/action',
      token,
      json: { active, feedPostId: postId, feedPostActionTypeId: type },
    });
    if (res.status === 200) {
      const r = JSON.parse(res.text).data;
      state.set(postId, { liked: r.isLiked, favourited: r.isFavourited });
    }
  };

  const run = {
    feedFirst: () => readFeed(null),
    feedNext: () => readFeed(cursor),
    postDetail: (id) =>
      send(agent, base, {
        route: 'GET /v1/api/newsfeed/:id',
        kind: 'read',
        method: 'GET',
        path: `/v1/api/newsfeed/${id}`,
        token,
      }),
    comments: (id) =>
      send(agent, base, {
        route: 'GET /v1/api/comments/getComments',
        kind: 'read',
        method: 'GET',
        path: `/v1/api/comments/getComments?feedPostId=${id}`,
        token,
      }),
    communities: () =>
      send(agent, base, {
        route: 'GET /v1/api/communities/stats',
        kind: 'read',
        method: 'GET',
        path: `/v1/api/communities/stats?viewState=${Math.random() < 0.5 ? 1 : 2}`,
        token,
      }),
    notifications: () =>
      send(agent, base, {
        route: 'GET /v1/api/notifications',
        kind: 'read',
        method: 'GET',
        path: '/v1/api/notifications',
        token,
      }),
    like: (id) => toggle(id, 1),
    favourite: (id) => toggle(id, 2),
    comment: (id) =>
      send(agent, base, {
        route: 'POST /v1/api/comments',
        kind: 'write',
        method: 'POST',
        path: '/v1/api/comments',
        token,
        json: { content: `Nice one, from user ${index} (${Date.now() % 100_000})`, feedPostId: id },
      }),
    upload: () => {
      const { body, headers } = uploadBody(`bench-${index}-${++uploads}.png`, png);
      return send(agent, base, {
        route: 'POST /v1/api/files/upload',
        kind: 'write',
        method: 'POST',
        path: '/v1/api/files/upload',
        token,
        body,
        headers,
      });
    },
    survey: async () => {
      const survey = pick(surveys);
      // A second answer to a survey taken once per person is refused with 409: expected, if this user did
      // answer it before; any other 409 is an error.
      const answeredBefore = !survey.refillable && answered.has(survey.id);
      const res = await send(agent, base, {
        route: 'POST /v1/api/surveys/instances',
        kind: 'write',
        method: 'POST',
        path: '/v1/api/surveys/instances',
        token,
        json: { surveyId: survey.id, answers: surveyAnswers(survey, index) },
        ok: (status) => status === 409 && answeredBefore,
      });
      if (res.status === 201) answered.add(survey.id);
    },
  };

  // Users arrive over the first pause rather than all in the same millisecond.
  if (THINK_MS > 0) await sleep(Math.random() * THINK_MS);
  await run.feedFirst();
  while (performance.now() < deadline) {
    const name = pickAction();
    const needsPost = ['postDetail', 'comments', 'like', 'favourite', 'comment'].includes(name);
    if (needsPost && seen.length === 0) await run.feedFirst();
    else if (name === 'feedNext' && !cursor) await run.feedFirst();
    else await run[name](needsPost ? pick(seen) : undefined);
    if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

// ---- the report ---------------------------------------------------------------------------------------

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

const ms = (v) => v.toFixed(1).padStart(7);
const row = (label, s, extra = '') =>
  `${label.padEnd(38)} ${String(s.n).padStart(7)}  ${ms(s.p50)}  ${ms(s.p95)}  ${ms(s.p99)}${extra}`;

function report(elapsedS) {
  console.log(
    `\n${'route'.padEnd(38)} ${'count'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  answers`,
  );
  const order = ['read', 'write'];
  const routes = [...stats.entries()].sort(
    (a, b) => order.indexOf(a[1].kind) - order.indexOf(b[1].kind) || b[1].times.length - a[1].times.length,
  );
  const readTimes = [];
  const allTimes = [];
  const overRoutes = [];
  for (const [route, s] of routes) {
    const sum = summary(s.times);
    const answers = [...s.statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([status, n]) => `${status || 'net'}:${n}`)
      .join(' ');
    const over = s.kind === 'read' && sum.p95 >= BUDGET.readP95Ms;
    if (over) overRoutes.push(route);
    console.log(row(route, sum, `  ${answers}${over ? '  OVER' : ''}`));
    if (s.kind === 'read') readTimes.push(...s.times);
    allTimes.push(...s.times);
  }
  console.log(row('warm-up (the first 10 s, not judged)', summary(warmup)));
  console.log(row('all reads', summary(readTimes)));
  console.log(
    row(
      'all requests',
      summary(allTimes),
      `  ${((allTimes.length + warmup.length) / elapsedS).toFixed(0)} req/s (whole run)`,
    ),
  );
  const errorCount = [...errors.values()].reduce((n, v) => n + v, 0);
  console.log(
    `\nerrors: ${errorCount}${expected ? ` (and ${expected} expected business answers: 409 survey answered)` : ''}`,
  );
  for (const [key, n] of [...errors.entries()].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(6)}  ${key}`);
  return { overRoutes, errorCount };
}

// ---- main ---------------------------------------------------------------------------------------------

async function main() {
  const passwordHash = await hashBenchPassword();
  console.log(
    `mixed load: ${VUS} users, ${DURATION_S} s${THINK_MS ? `, think time ${THINK_MS / 2}-${(THINK_MS * 3) / 2} ms` : ', no think time'}; data: ${SIZES.users} users, ${SIZES.posts} posts, ${SIZES.likes} likes, ${COMMUNITIES} communities, 4 surveys`,
  );
  if (SIZES.users < VUS + 1) throw new Error(`BENCH_USERS must be at least ${VUS + 1}`);
  const cluster = await startThrowawayPostgres();
  // Uploads land in DATA_DIR/files: a directory of this run's, not the repository's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-mix-'));
  const client = new pg.Client({ connectionString: cluster.url });
  let failed = false;
  try {
    const { base, child } = await startServer({
      DATABASE_URL: cluster.socketUrl,
      JWT_SECRET,
      DATA_DIR: dataDir,
    });
    try {
      const setupStarted = performance.now();
      await client.connect();
      await generateFeedData((sql) => client.query(sql), { ...SIZES, passwordHash });
      await client.query(`UPDATE users SET role_id = 1 WHERE email = 'bench1@example.com'`);
      const admin = await login(base, 'bench1@example.com', PASSWORD);
      // The users: bench2 ... bench201, staff, each logged in through the login endpoint with its own token.
      const emails = Array.from({ length: VUS }, (_, i) => `bench${i + 2}@example.com`);
      const sessions = await mapLimit(emails, 8, (email) => login(base, email, PASSWORD));
      await createCommunities(base, admin, sessions);
      const surveys = await createSurveys(base, admin);
      console.log(
        `setup (data, ${VUS + 1} logins, communities, surveys) took ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; server processes: ${serverProcesses(child.pid).length} (primary and workers)`,
      );
      // Let the fan-outs of the setup (communities and surveys announced to everyone) finish first.
      await sleep(2000);

      console.log(`t=  0 s  server RSS ${memorySample(child.pid).total.toFixed(0)} MB before the load`);
      // CPU time of the server and of PostgreSQL during the load: what a request costs, whatever else the
      // machine is running (on a shared machine the latencies also measure the neighbours).
      const postgresPid = postmasterPid(cluster.socketUrl);
      const cpuBefore = { server: cpuMs(child.pid), postgres: cpuMs(postgresPid), bench: process.cpuUsage() };
      const agent = new http.Agent({ keepAlive: true, maxSockets: VUS, maxFreeSockets: VUS });
      const started = performance.now();
      loadStartedAt = started;
      const deadline = started + DURATION_S * 1000;
      const samples = [];
      let last = { at: started, done: 0 };
      const sample = async () => {
        const t = Math.round((performance.now() - started) / 1000);
        const m = memorySample(child.pid);
        samples.push({ t, ...m });
        const errs = [...errors.values()].reduce((n, v) => n + v, 0);
        const now = performance.now();
        const rate = (done - last.done) / ((now - last.at) / 1000);
        last = { at: now, done };
        const heap = await heapUsedMb(base);
        console.log(
          `t=${String(t).padStart(3)} s  ${String(Math.round(rate)).padStart(5)} req/s  errors ${errs}  server RSS ${m.total.toFixed(0)} MB (${m.each.map((p) => `${p.pid}: ${p.mb.toFixed(0)}`).join(', ')})${heap === null ? '' : `  V8 heap used ${heap.toFixed(0)} MB`}`,
        );
      };
      let sampling = Promise.resolve();
      const timer = setInterval(() => {
        sampling = sample();
      }, SAMPLE_EVERY_MS);
      await Promise.all(sessions.map((s, i) => virtualUser(agent, base, s, i + 2, surveys, deadline)));
      clearInterval(timer);
      await sampling;
      const elapsedS = (performance.now() - started) / 1000;
      // The end: the last sample taken at the deadline, or one now when the interval did not get there.
      if (!samples.length || samples[samples.length - 1].t < DURATION_S) await sample();
      agent.destroy();
      const benchCpu = process.cpuUsage(cpuBefore.bench);
      const cpu = {
        server: cpuMs(child.pid) - cpuBefore.server,
        postgres: cpuMs(postgresPid) - cpuBefore.postgres,
        bench: (benchCpu.user + benchCpu.system) / 1000,
      };

      const { overRoutes, errorCount } = report(elapsedS);
      const perRequest = (v) => (v / Math.max(done, 1)).toFixed(2);
      console.log(
        `\nCPU during the load: server ${(cpu.server / 1000).toFixed(1)} s, PostgreSQL ${(cpu.postgres / 1000).toFixed(1)} s, this benchmark ${(cpu.bench / 1000).toFixed(1)} s ` +
          `(${perRequest(cpu.server)} + ${perRequest(cpu.postgres)} + ${perRequest(cpu.bench)} ms a request; ` +
          `${((cpu.server + cpu.postgres + cpu.bench) / 1000 / elapsedS).toFixed(2)} of the machine's ${availableParallelism()} cores); load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
      );
      const warm = samples[0];
      const end = samples[samples.length - 1];
      const allowance = Math.max(FLAT_MEMORY.floorMb, warm.total * FLAT_MEMORY.ratio);
      const growth = end.total - warm.total;
      // A run of 10 s or less has no sample after the warm-up: its memory is shown, not judged.
      const judged = samples.length >= 2;
      const memoryOver = judged && growth > allowance;
      console.log(
        judged
          ? `\nmemory: ${warm.total.toFixed(0)} MB after the ${warm.t} s warm-up, ${end.total.toFixed(0)} MB at ${end.t} s (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB; allowed +${allowance.toFixed(0)} MB)`
          : `\nmemory: ${end.total.toFixed(0)} MB at ${end.t} s; not judged (flat memory needs a run longer than the 10 s warm-up)`,
      );
      console.log(
        `budget: reads p95 < ${BUDGET.readP95Ms} ms per route: ${overRoutes.length ? `OVER (${overRoutes.join(', ')})` : 'within'}; ` +
          `errors ${errorCount} (budget 0): ${errorCount > BUDGET.errors ? 'OVER' : 'within'}; ` +
          `flat memory: ${!judged ? 'not judged' : memoryOver ? 'OVER' : 'within'}`,
      );
      failed = overRoutes.length > 0 || errorCount > BUDGET.errors || memoryOver;
    } finally {
      await stopServer(child);
    }
  } finally {
    await client.end().catch(() => undefined);
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? '\nmixed benchmark: OVER BUDGET' : '\nmixed benchmark: within budget');
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
