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
// hearth_metrics_workers_answered says how many made it. Its counters then seem to restart in the sum, as
// they do for good when a worker dies and another replaces it; Prometheus's rate() takes that as a reset.

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
  asked: number;
  /** Ids of the workers still awaited. */
  waiting: Set<number>;
  /** How many sent their figures. */
  answered: number;
  metrics: MetricsJson[];
  timer: NodeJS.Timeout;
};

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
    let answer: MetricsMessage;
    try {
      const registry = AggregatorRegistry.aggregate(round.metrics);
      new Gauge({
        name: 'hearth_metrics_workers',
        help: 'Server workers (WORKERS) asked for their figures at this scrape.',
        registers: [registry],
      }).set(round.asked);
      new Gauge({
        name: 'hearth_metrics_workers_answered',
        help: `Server workers whose figures are in this scrape: the others did not answer within ${waitMs / 1000} s.`,
        registers: [registry],
      }).set(round.answered);
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
      asked: workers.length,
      waiting: new Set(workers.map((w) => w.id)),
      answered: 0,
      metrics: [],
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
      round.metrics.push(...message.metrics);
      round.answered++;
    } else {
      // Counted as not answering: its figures are missing all the same.
      log.warn({ pid: worker.process.pid, error: message.error }, 'metrics: a server worker has no figures');
    }
    done(worker, round, message.id);
  });
  // A worker that died or stops will not answer; no need to wait the whole timeout for it.
  cluster.on('disconnect', (worker: Worker) => {
    serving.delete(worker.id);
    for (const [id, round] of rounds) done(worker, round, id);
  });
}
