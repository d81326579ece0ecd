// The daily jobs' schedule (ADR 040): one job per UTC day whose id is derived from the day, queued by every
// instance at start and every hour for the coming midnight, so the day gets one run across instances and a
// lost send is made good within the hour. Each feature keeps its own worker. An hourly job (the search's
// words) is kept queued the same way, for the coming full hour.
import type { FastifyInstance } from 'fastify';
import { jobIdOf, type QueueName } from './jobs';

/** The payload of a day's run (of an hour's: the hour, as YYYY-MM-DDTHH). */
export type DayJob = { day: string };

export type Period = 'day' | 'hour';

/** How often each instance makes sure the coming midnight's run is queued. */
const SCHEDULE_EVERY_MS = 60 * 60_000;

export function comingMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function comingHour(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
}

/**
 * Queues `queue`'s run of the UTC day starting at `at` (by default the coming midnight) to start then; its
 * id is made from `name` and the day, so a day already queued is not queued again. Hourly: of the hour.
 */
export async function queueDayRun(
  app: FastifyInstance,
  queue: QueueName,
  name: string,
  at = comingMidnight(),
  period: Period = 'day',
): Promise<void> {
  const day = at.toISOString().slice(0, period === 'day' ? 10 : 13);
  const id = jobIdOf(`hearth ${name} ${day}`);
  await app.jobs.send(queue, { day } satisfies DayJob, undefined, { id, startAfter: at });
}

/**
 * Queues the coming midnight's run now (hourly: the coming hour's), and again every hour once the app is
 * ready, until it closes.
 */
export async function keepDayRunQueued(
  app: FastifyInstance,
  queue: QueueName,
  name: string,
  period: Period = 'day',
): Promise<void> {
  const coming = () => (period === 'day' ? comingMidnight() : comingHour());
  await queueDayRun(app, queue, name, coming(), period);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      queueDayRun(app, queue, name, coming(), period).catch((err) =>
        app.log.warn({ err, queue }, `the next ${name} was not queued`),
      );
    }, SCHEDULE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
