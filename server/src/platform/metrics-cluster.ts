// One answer for all the server workers of a cluster (WORKERS > 1, platform/cluster.ts) at GET /metrics
// (metrics.ts), whichever worker takes the scrape.
import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client';
import { AppError } from './errors';

// One answer for all the workers. prom-client's own cluster support (AggregatorRegistry#clusterMetrics) has
// the primary serve the scrape and the workers report the global registry; here the primary serves nothing
// and each app has its registry next to the process's. So the worker that takes the scrape asks the primary
// (`metrics-request`), the primary asks every worker (`metrics-collect`), each sends its registries as JSON
// (`metrics-collected`), and the primary aggregates them and sends the text back (`metrics-answer`). Every
// message carries `hearth`, so none is taken for another of the IPC channel's messages (or prom-client's).
//
// A worker that does not answer within WORKER_ANSWER_MS is left out rather than holding up the scrape:
// hearth_metrics_workers_answered says how many made it.
//
// Counters never go back (issue 31). Summed as they come, a worker's counters left the sum when it died or
// missed a scrape, and Prometheus took the drop for a reset: increase() then counted the whole remaining sum
// again, traffic that never was. Two ways out: a series per worker (a `worker` label), which Prometheus
// handles by itself, or one sum that the primary keeps monotonic. The sum is kept here:
// - every dashboard, alert and the deployment guide's queries go on reading one series per route and
//   status; a `worker` label would multiply the request histogram's series (routes x statuses x buckets)
//   by WORKERS, and by every replacement since a worker's id changes when it is replaced;
// - the primary already sees each worker's figures at each scrape, so keeping the last ones costs a copy.
// The primary keeps each worker's last counters (counters and histograms, those summed): a worker that
// misses a scrape counts with its last ones, and a worker that dies leaves them in `retired`, to which its
// replacement's are added. Only what a worker counted after its last scrape and before it died is lost,
// which Prometheus sees as a slower rate, never as a reset. Gauges are the present: a worker that does
// not answer or died is left out of them. The sum restarts only when the primary (the instance) does,
// which Prometheus takes as the reset it is.

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

type MetricsMessage =
  /** Worker to primary: a scrape arrived; `id` is the worker's. */
  | { hearth: 'metrics-request'; id: number }
  /** Primary to every worker: send your figures; `id` is the primary's round. */
  | { hearth: 'metrics-collect'; id: number }
  /** Worker to primary: its registries (the process's, the app's), or why it has none. */
  | { hearth: 'metrics-collected'; id: number; metrics?: MetricsJson[]; error?: string }
  /** Primary to the worker that asked: the aggregate in Prometheus's text, or why there is none. */
  | { hearth: 'metrics-answer'; id: number; text?: string; error?: string };

const MESSAGE_KINDS = new Set(['metrics-request', 'metrics-collect', 'metrics-collected', 'metrics-answer']);

function isMetricsMessage(message: unknown): message is MetricsMessage {
  const kind = (message as { hearth?: unknown } | null)?.hearth;
  return typeof kind === 'string' && MESSAGE_KINDS.has(kind);
}

/** How long the primary waits for the workers' figures; Prometheus's scrape timeout is 10 s by default. */
export const WORKER_ANSWER_MS = 5000;
/** How long the worker that took the scrape waits for the primary, which waits for the others first. */
const PRIMARY_ANSWER_MS = WORKER_ANSWER_MS + 2000;

/**
 * Sends over the IPC channel; a channel that closed meanwhile (a worker that died) is only logged: without
 * a callback the failure would be an 'error' event, and with no listener it would end the process.
 */
function send(to: Pick<Worker, 'send'> | undefined, message: MetricsMessage, failed: (err: Error) => void) {
  if (!to) return failed(new Error('no IPC channel'));
  to.send(message, (err) => {
    if (err) failed(err);
  });
}

let lastAsk = 0;
const asking = new Map<number, (answer: { text?: string; error?: string }) => void>();

/** In a worker: the aggregate of every worker's figures, from the primary. */
export function askPrimary(): Promise<string> {
  const id = ++lastAsk;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      asking.delete(id);
      clearTimeout(timer);
      reject(
        new AppError('unavailable', 503, `The metrics of the server workers are not available: ${why}.`),
      );
    };
    const timer = setTimeout(() => fail('no answer in time'), PRIMARY_ANSWER_MS);
    asking.set(id, (answer) => {
      if (answer.text === undefined) return fail(answer.error ?? 'no answer');
      asking.delete(id);
      clearTimeout(timer);
      resolve(answer.text);
    });
    send(cluster.worker, { hearth: 'metrics-request', id }, (err) => fail(err.message));
  });
}

/**
 * In a worker: sends its figures (`registries`: the process's and the app's) when the primary collects
 * them, and takes the primary's answers.
 */
export function answerCollects(app: FastifyInstance, registries: () => Registry[]): void {
  const onMessage = (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.hearth === 'metrics-answer') asking.get(message.id)?.(message);
    if (message.hearth !== 'metrics-collect') return;
    const { id } = message;
    const lost = (err: Error) => app.log.warn({ err }, 'metrics: could not send the figures of this worker');
    Promise.all(registries().map((r) => r.getMetricsAsJSON())).then(
      (metrics) => send(cluster.worker, { hearth: 'metrics-collected', id, metrics }, lost),
      (err: Error) => send(cluster.worker, { hearth: 'metrics-collected', id, error: err.message }, lost),
    );
  };
  process.on('message', onMessage);
  app.addHook('onClose', async () => {
    process.off('message', onMessage);
  });
}

type Round = {
  asker: Worker;
  askId: number;
  /** Ids of the workers asked. */
  asked: number[];
  /** Ids of the workers still awaited. */
  waiting: Set<number>;
  /** The figures of those that sent them, by worker id. */
  answers: Map<number, MetricsJson[]>;
  timer: NodeJS.Timeout;
};

type Metric = MetricsJson[number];
type Sample = Metric['values'][number] & { metricName?: string };

/** Summed across workers and only ever growing: counters and histograms (their buckets, sum and count). */
function isCumulative(m: Metric): boolean {
  // prom-client's types say an enum; its figures say 'counter', 'gauge', 'histogram', 'summary'.
  const type = m.type as unknown as string;
  return (type === 'counter' || type === 'histogram') && m.aggregator === 'sum';
}

/** The cumulative figures of a worker's registries, as one list. */
function cumulativeOf(registries: MetricsJson[]): MetricsJson {
  return registries.flat().filter(isCumulative);
}

const sampleKey = (v: Sample) =>
  `${v.metricName ?? ''}|${JSON.stringify(Object.entries(v.labels).sort(([a], [b]) => a.localeCompare(b)))}`;

/** `into` plus `more`, series by series (name, sample name and labels): what prom-client's sum does. */
function addCumulative(into: MetricsJson, more: MetricsJson): MetricsJson {
  const byName = new Map(into.map((m) => [m.name, { ...m, values: [...m.values] }]));
  for (const metric of more) {
    const mine = byName.get(metric.name);
    if (!mine) {
      byName.set(metric.name, { ...metric, values: metric.values.map((v) => ({ ...v })) });
      continue;
    }
    const at = new Map(mine.values.map((v, i) => [sampleKey(v), i]));
    for (const value of metric.values) {
      const i = at.get(sampleKey(value));
      const existing = i === undefined ? undefined : mine.values[i];
      if (existing && i !== undefined) mine.values[i] = { ...existing, value: existing.value + value.value };
      else mine.values.push({ ...value });
    }
  }
  return [...byName.values()];
}

/**
 * In the primary of a cluster (platform/cluster.ts), before it forks: answers the workers'
 * `metrics-request`s.
 */
export function answerMetricsRequests(log: Logger, waitMs = WORKER_ANSWER_MS): void {
  let lastRound = 0;
  const rounds = new Map<number, Round>();
  // The workers that listen: one still starting has served nothing yet and could not answer (it installs
  // its answering with its routes); asking it would hold the scrape up for the whole wait.
  const serving = new Map<number, Worker>();
  cluster.on('listening', (worker: Worker) => serving.set(worker.id, worker));
  /** Each serving worker's cumulative figures as of its last answer. */
  const lastCounted = new Map<number, MetricsJson>();
  /** The last cumulative figures of the workers that died, added up; and which workers they were. */
  let retired: MetricsJson = [];
  const retiredIds = new Set<number>();

  const finish = async (id: number) => {
    const round = rounds.get(id);
    if (!round) return;
    rounds.delete(id);
    clearTimeout(round.timer);
    if (round.waiting.size > 0) {
      const pids = [...round.waiting].map((w) => serving.get(w)?.process.pid);
      log.warn(
        { pids },
        'metrics: server workers did not send their figures in time; left out of the scrape',
      );
    }
    // A worker that died meanwhile counts through `retired` (its answer, if any, says no more than that);
    // one that did not answer, with its last counters.
    const inputs: MetricsJson[] = retired.length > 0 ? [retired] : [];
    let answered = 0;
    for (const worker of round.asked) {
      if (retiredIds.has(worker)) continue;
      const answer = round.answers.get(worker);
      if (answer) answered++;
      const figures = answer ?? [lastCounted.get(worker) ?? []];
      inputs.push(...figures);
    }
    let answer: MetricsMessage;
    try {
      const registry = AggregatorRegistry.aggregate(inputs);
      new Gauge({
        name: 'hearth_metrics_workers',
        help: 'Server workers (WORKERS) asked for their figures at this scrape.',
        registers: [registry],
      }).set(round.asked.length);
      new Gauge({
        name: 'hearth_metrics_workers_answered',
        help: `Server workers whose figures are in this scrape: the others did not answer within ${waitMs / 1000} s (their counters are their last ones).`,
        registers: [registry],
      }).set(answered);
      answer = { hearth: 'metrics-answer', id: round.askId, text: await registry.metrics() };
    } catch (err) {
      log.error({ err }, 'metrics: could not aggregate the figures of the server workers');
      answer = { hearth: 'metrics-answer', id: round.askId, error: 'they could not be added up' };
    }
    send(round.asker, answer, (err) => log.warn({ err }, 'metrics: could not answer a server worker'));
  };

  /** `worker` is no longer awaited in this round (it answered, or never will): the last one ends it. */
  const done = (worker: Worker, round: Round, id: number) => {
    if (round.waiting.delete(worker.id) && round.waiting.size === 0) void finish(id);
  };

  const collect = (asker: Worker, askId: number) => {
    const id = ++lastRound;
    const workers = [...serving.values()].filter((w) => w.isConnected());
    const round: Round = {
      asker,
      askId,
      asked: workers.map((w) => w.id),
      waiting: new Set(workers.map((w) => w.id)),
      answers: new Map(),
      timer: setTimeout(() => void finish(id), waitMs),
    };
    rounds.set(id, round);
    for (const worker of workers)
      send(worker, { hearth: 'metrics-collect', id }, () => done(worker, round, id));
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.hearth === 'metrics-request') return collect(worker, message.id);
    if (message.hearth !== 'metrics-collected') return;
    const round = rounds.get(message.id);
    if (!round?.waiting.has(worker.id)) return;
    if (message.metrics) {
      round.answers.set(worker.id, message.metrics);
      if (!retiredIds.has(worker.id)) lastCounted.set(worker.id, cumulativeOf(message.metrics));
    } else {
      // Counted as not answering: its figures are missing all the same.
      log.warn({ pid: worker.process.pid, error: message.error }, 'metrics: a server worker has no figures');
    }
    done(worker, round, message.id);
  });
  // A worker that died or stops will not answer; no need to wait the whole timeout for it.
  cluster.on('disconnect', (worker: Worker) => {
    serving.delete(worker.id);
    // Its counters stay in the sum as they were last seen; its replacement's are added to them.
    const last = lastCounted.get(worker.id);
    lastCounted.delete(worker.id);
    if (last) {
      retired = addCumulative(retired, last);
      retiredIds.add(worker.id);
    }
    for (const [id, round] of rounds) done(worker, round, id);
  });
}
