// Operational metrics in Prometheus's text format at GET /metrics (product.md section 10), for the people
// who run the service, not for its users: an operational route outside /v1, the endpoint table and the API
// document. Off unless METRICS_TOKEN is set: off, /metrics answers 404 like any unknown path; on, a scrape
// must send that token as a bearer token.
//
// Each app has its own registry (tests build many apps in one process). The process's own figures (CPU,
// memory, event loop, GC) belong to the process, so they sit in one registry per process, made on the first
// scrape: prom-client's collectors watch the process from then on and have no way to stop.
// Figures that live elsewhere are read at scrape time: the database pool, the job queue's table, the open
// streams. Features report what only they see through `app.metrics` (mail, web push, live streams).
//
// With WORKERS > 1 (platform/cluster.ts) the worker that takes the scrape answers for all of them: it asks
// the primary, which collects every worker's figures over the cluster's IPC channel and adds them up
// (metrics-cluster.ts).
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  prometheusContentType,
  Registry,
} from 'prom-client';
import { queryRows } from '../db/client';
import { AppError } from './errors';
import type { EventBus } from './events';
import { QUEUES } from './jobs';
import { answerCollects, askPrimary } from './metrics-cluster';

export const METRICS_PATH = '/metrics';

export type Metrics = {
  /** METRICS_TOKEN is set. Off, there is no /metrics and requests are not timed. */
  enabled: boolean;
  registry: Registry;
  /** Account mail that could not be sent: each failed attempt (the queue retries it). */
  mailFailures: Counter;
  /** Web push deliveries that got no answer (`error`) or were refused (`refused`). */
  pushFailures: Counter<'reason'>;
  /** Times the event bus's LISTEN connection came back after a loss. */
  busReconnects: Counter;
  /** How many live notification streams are open, asked at each scrape. */
  countStreams(size: () => number): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Seconds. Most API answers take milliseconds; reports, CSV files and uploads take seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The pg-boss states worth watching; completed jobs are only history (kept 12 hours, then archived). */
const JOB_STATES = ['created', 'retry', 'active', 'cancelled', 'failed'] as const;

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    // prom-client names three gauges `..._total`, which Prometheus keeps for counters (`promtool check
    // metrics` complains). Each is the sum of the gauge without the suffix, by type, which stays.
    for (const what of ['handles', 'requests', 'resources'])
      processRegistry.removeSingleMetric(`nodejs_active_${what}_total`);
  }
  return processRegistry;
}

/**
 * The route pattern, never the URL (ids would make a series per post). The SPA's files are a route each
 * (@fastify/static), named by their build hash: one label for all. Unmatched requests (404, and the SPA's
 * pages, which the not-found handler serves) share one too.
 */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return 'unmatched';
  const url = request.routeOptions.url ?? '';
  return url.startsWith('/v1/') || url.startsWith('/files/') || url === METRICS_PATH ? url : 'static';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The request's bearer token is the configured one; hashes of equal length, so the time says nothing. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.slice(0, 7).toLowerCase() === 'bearer ' ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), expected);
}

/** Call before the features: they report through `app.metrics` from their first job on. */
export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  const registers = [registry];
  const enabled = Boolean(app.config.metricsToken);
  let streams: () => number = () => 0;

  const metrics: Metrics = {
    enabled,
    registry,
    mailFailures: new Counter({
      name: 'hearth_mail_failures_total',
      help: 'Attempts to send account mail that failed; the job queue retries them.',
      registers,
    }),
    pushFailures: new Counter({
      name: 'hearth_push_failures_total',
      help: 'Web push deliveries that got no answer (error) or were refused by the push service (refused).',
      labelNames: ['reason'],
      registers,
    }),
    busReconnects: new Counter({
      name: 'hearth_event_bus_reconnects_total',
      help: "Times the event bus's LISTEN connection to PostgreSQL came back after a loss.",
      registers,
    }),
    countStreams(size) {
      streams = size;
    },
  };
  app.decorate('metrics', metrics);
  if (!enabled) return;
  // Both reasons from the start at 0, so rate() sees the first failure as one.
  for (const reason of ['error', 'refused']) metrics.pushFailures.inc({ reason }, 0);

  new Gauge({
    name: 'hearth_live_streams',
    help: 'Live notification streams (Server-Sent Events) open on this instance.',
    registers,
    collect() {
      this.set(streams());
    },
  });

  const duration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: their count (_count) and duration.',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  // The live stream is hijacked and never reaches onResponse: hearth_live_streams counts it instead.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  installPoolGauges(app, registers);
  installJobGauges(app, registers);
}

/** PostgreSQL's pool (pg.Pool). PGlite is one in-process connection: nothing to report. */
function installPoolGauges(app: FastifyInstance, registers: Registry[]): void {
  const pool = (app.db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  gauge('hearth_db_pool_max_connections', 'Connections the pool may open (DATABASE_POOL_SIZE).', () => {
    return pool.options.max ?? 0;
  });
  gauge(
    'hearth_db_pool_connections',
    'Connections the pool holds open, busy or idle.',
    () => pool.totalCount,
  );
  gauge('hearth_db_pool_idle_connections', 'Open connections not in use.', () => pool.idleCount);
  gauge(
    'hearth_db_pool_waiting_clients',
    'Queries waiting for a connection: above 0 for long, the pool is too small.',
    () => pool.waitingCount,
  );
}

/** Jobs per queue and state, counted in pg-boss's table at scrape time: every instance's jobs. */
function installJobGauges(app: FastifyInstance, registers: Registry[]): void {
  new Gauge({
    name: 'hearth_jobs',
    help: 'Jobs by queue and state: created and retry wait, active run, failed gave up (kept 12 hours).',
    labelNames: ['queue', 'state'],
    registers,
    // Every worker of a cluster counts the same table: their sum would be WORKERS times the jobs. One
    // reading is the answer, the largest should they differ by a job read a moment apart. The rest of the
    // figures are each process's own and add up to the instance's (prom-client's default, 'sum'): counters,
    // the request histogram, the pool's connections and limit, the open streams; prom-client gives its
    // process figures their own aggregators (the event loop's lag averaged, the start time left out).
    aggregator: 'max',
    async collect() {
      let rows: { queue: string; state: string; count: number }[];
      try {
        rows = await queryRows(
          app.db,
          sql`select name as queue, state::text as state, count(*)::int as count from pgboss.job
              where state <> 'completed' group by name, state`,
        );
      } catch (err) {
        // The rest of the scrape is still worth having; the gap in this series tells the rest.
        this.reset();
        app.log.warn({ err }, 'metrics: could not count the jobs');
        return;
      }
      // Every queue and state is reported, 0 included, so a series does not vanish when it empties.
      this.reset();
      for (const queue of Object.keys(QUEUES)) for (const state of JOB_STATES) this.set({ queue, state }, 0);
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
}

/** The figures of the live bus and of web push, once the notification feature has made them. */
export function watchNotifications(
  metrics: Metrics,
  sources: {
    events: Pick<EventBus, 'subscribe' | 'state'>;
    push: { onFailure(fn: (reason: 'error' | 'refused') => void): void };
  },
): void {
  const { events } = sources;
  if (metrics.enabled)
    new Gauge({
      name: 'hearth_event_bus_connected',
      help: 'Whether the event bus listens (1) or its connection is lost and being retried (0): live events stop.',
      registers: [metrics.registry],
      // Across the workers of a cluster: 0 as soon as one of them cannot hear the bus.
      aggregator: 'min',
      collect() {
        this.set(events.state?.().listening === false ? 0 : 1);
      },
    });
  // The bus tells its own subscribers when its LISTEN connection is back (`resync`, events.ts).
  sources.events.subscribe((msg) => {
    if (msg.resync) metrics.busReconnects.inc();
  });
  sources.push.onFailure((reason) => metrics.pushFailures.inc({ reason }));
}

/** GET /metrics, registered only when on; the SPA's fallback leaves the path alone (app.ts). */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  if (!token) return;
  const expected = digest(token);
  app.get(
    METRICS_PATH,
    // Not an operation of the API's document; scrapes every few seconds would flood the info log.
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!bearerMatches(request, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthenticated', 401, 'Send the metrics token as a bearer token.');
      }
      const text = cluster.isWorker
        ? await askPrimary()
        : await Registry.merge([processMetrics(), app.metrics.registry]).metrics();
      return reply.header('cache-control', 'no-store').type(prometheusContentType).send(text);
    },
  );
  if (cluster.isWorker) answerCollects(app, () => [processMetrics(), app.metrics.registry]);
}

/** Whether `url` is the metrics path (with or without a query). */
export function isMetricsUrl(url: string): boolean {
  return url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`);
}
