// The durable job queue (ADR 013): pg-boss 10 in the application's own database, on PostgreSQL and on the
// embedded PGlite alike. A job is a row, so it outlives a crash or a restart; a failed job is retried with
// exponential backoff; on PostgreSQL several instances share the queue and each job runs once
// (pg-boss fetches with SKIP LOCKED). pg-boss 11 needs Node 22: pinned to 10.
//
// A worker fetches up to `concurrency` jobs at once and runs them side by side; each job is completed or
// failed on its own as soon as it ends (not when its batch does), and a full batch is followed by the next
// fetch at once instead of a polling interval (issue 31: mail at the relay's speed, ADR 013 addendum).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { type Database, type Db, queryRows } from '../db/client';

/**
 * Retry policy per queue; `retryDelaySeconds` doubles on each attempt (pg-boss retryBackoff). `stately`: at
 * most one job of the queue waits and one runs, across instances; a second one sent meanwhile is dropped.
 */
export type QueuePolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  stately?: boolean;
};

export const QUEUES = {
  /**
   * Verification and reset mail: about two hours of retries (10 s doubled 10 times) before giving up. An
   * attempt lasts at most 25 s (mail.ts SMTP_TIMEOUTS), so after 30 s a running job is one whose instance
   * died, and maintenance (MAINTENANCE_SECONDS) hands it to another within seconds.
   */
  mail: { retryLimit: 10, retryDelaySeconds: 10, expireInSeconds: 30 },
  /** Web push for a batch of notification events; per-subscription failures are logged, not retried. */
  push: { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 300 },
  /** Renditions of images uploaded before they existed, a batch a job (features/files/renditions-backfill.ts). */
  renditions: { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 300, stately: true },
  /** The daily removal of leftover uploads, and the blobs of each batch it deleted (features/files/cleanup.ts). */
  cleanup: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 900 },
  /**
   * A notification's e-mail to one recipient (features/notifications/notification-mail.ts), and one
   * person's e-mail digest (digest.ts): retried like account mail; an attempt is one SMTP send (the digest's
   * few reads before it), well inside the expiry, so only a dead instance's job is run again.
   */
  notificationMail: { retryLimit: 10, retryDelaySeconds: 10, expireInSeconds: 30 },
  digest: { retryLimit: 10, retryDelaySeconds: 10, expireInSeconds: 60 },
  /**
   * The picture of a company sign-in (features/sso/provider-picture.ts): a refused or failed picture is
   * logged and dropped, not retried; only a database or storage error is. An attempt is one fetch of at most
   * 5 s and one image conversion, so after 60 s it is a dead instance's job.
   */
  providerPicture: { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 60 },
  /** The daily removal of accounts left unverified for a week (features/auth/unverified-expiry.ts). */
  accounts: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 900 },
  /**
   * The daily pruning of spent refresh tokens and mailed links (features/auth/token-pruning.ts) and of old
   * notifications and their events (features/notifications/retention.ts), in batches; a run cut off by a
   * crash expires after an hour and is retried, and goes on from what is left.
   */
  tokenPruning: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 3600 },
  notificationRetention: { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 3600 },
  /**
   * The hourly refresh of the search's words for "Did you mean" (features/search/spelling.ts): two
   * statements, seconds at 100,000 posts. Not stately: the hour's run waits in the queue, and the first
   * start's must not be dropped beside it; their ids keep each to one run across instances.
   */
  searchWords: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 },
} satisfies Record<string, QueuePolicy>;
export type QueueName = keyof typeof QUEUES;

export type JobQueue = {
  /**
   * Adds a job. Pass the transaction of the change that causes it, and the job commits (or rolls back)
   * with that change; call `wake` after the commit so this instance picks it up at once.
   */
  send(queue: QueueName, data: object, tx?: Db, options?: SendOptions): Promise<void>;
  /** Adds many jobs in one statement, with `tx` as `send` does; a job whose `id` is taken is dropped. */
  sendMany(queue: QueueName, jobs: ({ data: object } & SendOptions)[], tx?: Db): Promise<void>;
  /**
   * Runs `handler` for each job of `queue`; a throw fails the attempt and schedules a retry, unless the
   * error says `permanent: true` (a mail relay's 5xx, platform/mail.ts): then the job fails for good.
   */
  work<T extends object>(
    queue: QueueName,
    handler: (data: T) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Polls now instead of at the next interval. */
  wake(queue: QueueName): void;
  /** Jobs of `queue` waiting, retrying or running (tests wait for 0). */
  pending(queue: QueueName): Promise<number>;
  stop(): Promise<void>;
};

/** `concurrency`: jobs fetched together and run at once by this instance (1 when unset). */
export type WorkOptions = { concurrency?: number };

/**
 * `id`: a send is dropped while a job of that id is in the queue (waiting, running, or completed less than
 * pg-boss's archive delay of 12 hours ago), so a deterministic id makes sending idempotent; `startAfter`: the
 * job waits until then.
 */
export type SendOptions = { id?: string; startAfter?: Date };

/** A job id made from `text`: the same on every instance, a UUID's shape taken from its SHA-256. */
export function jobIdOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * One run of one job, as the handler's code sees it (through `beforeIrreversible`). pg-boss delivers a job
 * at least once: an attempt that outlives its expiry is failed by pg-boss and the job fetched again, maybe
 * by another instance, while the first attempt still runs. An attempt is known by the job's id and its
 * `retry_count`, which each fetch after the first raises.
 */
type Attempt = {
  queue: QueueName;
  id: string;
  retryCount: number;
  /** Date.now() by which pg-boss fails the attempt as expired. */
  expiresAt: number;
  /** Whether the job is still active under this attempt (not expired, failed, or fetched again). */
  isCurrent(): Promise<boolean>;
};
const attempts = new AsyncLocalStorage<Attempt>();

/** Thrown when an attempt lost its job to a later one: nothing was done, and the job is left to that one. */
export class AttemptSuperseded extends Error {
  constructor(attempt: Attempt) {
    super(`job ${attempt.id} of ${attempt.queue} was taken over by a later attempt; nothing was done`);
  }
}

/**
 * Called by a job's code right before something that must not happen twice (an SMTP send), taking at most
 * `boundMs`. Throws, having done nothing, when the attempt has been superseded (`AttemptSuperseded`: the
 * job is left alone) or would expire before `boundMs` is up (a plain error: the job is retried later).
 * Outside a job it does nothing. It narrows pg-boss's at-least-once delivery; it cannot close the window
 * between the action and the job's completion (ADR 013 addendum).
 */
export async function beforeIrreversible(boundMs: number): Promise<void> {
  const attempt = attempts.getStore();
  if (!attempt) return;
  if (!(await attempt.isCurrent())) throw new AttemptSuperseded(attempt);
  if (attempt.expiresAt - Date.now() < boundMs)
    throw new Error(
      `job ${attempt.id} of ${attempt.queue} has too little time left before it expires; not started`,
    );
}

export type JobOptions = {
  /** Shorter retry delays (tests); per queue. */
  retryDelaySeconds?: Partial<Record<QueueName, number>>;
  /** Seconds between polls when nothing woke the worker. */
  pollingIntervalSeconds?: number;
  /** Seconds between pg-boss's maintenance runs (tests shorten it). */
  maintenanceIntervalSeconds?: number;
};

/**
 * How often pg-boss looks for expired jobs (and archives old ones); one instance does it each time. Its
 * default of two minutes came on top of a job's expiry: a mail job of a crashed instance waited up to four.
 */
const MAINTENANCE_SECONDS = 10;

/** What pg-boss needs of a database: one method that runs SQL with $n parameters. */
type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * PGlite's `query` takes one statement with parameters, `exec` several without: pg-boss sends its
 * migrations as one multi-statement text without parameters, everything else as single statements.
 */
function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/**
 * pg-boss leaves unset options undefined, which Drizzle would drop from the statement: they are bound as
 * null. A job's data is bound as JSON text, as Drizzle hands objects to PGlite unserialised.
 */
const param = (v: unknown) =>
  v === undefined
    ? null
    : typeof v === 'object' && v !== null && !(v instanceof Date)
      ? JSON.stringify(v)
      : v;

/** Runs pg-boss's statements through a Drizzle handle, so a job can be added inside a transaction. */
export function drizzleExecutor(db: Db): Executor {
  return {
    async executeSql(text, values = []) {
      // sql.raw inserts only pg-boss's own statement text; every value goes in as a bound parameter.
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${param(values[Number(part) - 1])}`));
      return { rows: await queryRows(db, sql.join(chunks)) };
    },
  };
}

/**
 * Batches calls made while the previous batch ran into one call of `run` (one statement for many jobs: the
 * fence checks and completions of a batch of mail jobs cost two statements, not sixteen). The first call
 * waits only for the current microtask, so a lone job is not held back.
 */
function coalesced<K, R>(run: (keys: K[]) => Promise<R>): (key: K) => Promise<R> {
  let next: { keys: K[]; result: Promise<R> } | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  return (key) => {
    if (!next) {
      const group: { keys: K[]; result: Promise<R> } = { keys: [], result: Promise.resolve() as never };
      group.result = tail.then(() => {
        if (next === group) next = undefined;
        return run(group.keys);
      });
      tail = group.result.catch(() => undefined);
      next = group;
    }
    next.keys.push(key);
    return next.result;
  };
}

/** How often a queue's creation is tried when PostgreSQL picks it as a deadlock's victim. */
const CREATE_ATTEMPTS = 5;

/**
 * Instances starting together on a new database (the workers of a cluster, two servers) create the same
 * queues at once, and pg-boss's create_queue can deadlock against itself there (40P01: inserting the queue
 * row while the other attaches its partition). PostgreSQL cancels one; that one tries again a moment
 * later and finds the queue made (create_queue does nothing for an existing name).
 */
async function createQueue(boss: PgBoss, name: QueueName, policy: QueuePolicy): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await boss.createQueue(name, { name, policy: policy.stately ? 'stately' : 'standard' });
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= CREATE_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
    }
  }
}

export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  opts: JobOptions = {},
): Promise<JobQueue> {
  const common = {
    schema: 'pgboss',
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_SECONDS,
  };
  const boss =
    database.kind === 'postgres'
      ? // Its own small pool: job polling never waits behind a busy request pool.
        new PgBoss({ ...common, connectionString: database.url, max: 2 })
      : new PgBoss({ ...common, db: pgliteExecutor(database.pglite as PGlite) });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const name of Object.keys(QUEUES) as QueueName[]) {
    const policy: QueuePolicy = QUEUES[name];
    if (!existing.has(name)) await createQueue(boss, name, policy);
  }

  const workers = new Map<QueueName, string>();
  const retryOf = (queue: QueueName) => ({
    retryLimit: QUEUES[queue].retryLimit,
    retryDelay: opts.retryDelaySeconds?.[queue] ?? QUEUES[queue].retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: QUEUES[queue].expireInSeconds,
  });
  let stopped = false;

  const db = boss.getDb();
  /** The job's row, when it is still active under the attempt with `retryCount`. */
  const stillActive = `name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`;
  type Key = { id: string; retryCount: number };
  const keyOf = (k: Key) => `${k.id}/${k.retryCount}`;
  /** Attempts of the keys given that are still current, all read in one statement. */
  const currentOf = (queue: QueueName) =>
    coalesced(async (keys: Key[]) => {
      const { rows } = await db.executeSql(
        `SELECT id::text AS id, retry_count AS "retryCount" FROM pgboss.job
         WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
        [queue, keys.map((k) => k.id)],
      );
      return new Set((rows as Key[]).map(keyOf));
    });
  /** Marks the attempts given completed, those still current, in one statement. */
  const completerOf = (queue: QueueName) =>
    coalesced(async (keys: Key[]) => {
      await db.executeSql(
        `UPDATE pgboss.job j SET state = 'completed', completed_on = now()
         FROM unnest($2::uuid[], $3::int[]) AS a(id, retry_count)
         WHERE j.name = $1 AND j.id = a.id AND j.state = 'active' AND j.retry_count = a.retry_count`,
        [queue, keys.map((k) => k.id), keys.map((k) => k.retryCount)],
      );
    });
  const perQueue = new Map<
    QueueName,
    { current: (k: Key) => Promise<Set<string>>; complete: (k: Key) => Promise<void> }
  >();
  const recorder = (queue: QueueName) => {
    let r = perQueue.get(queue);
    if (!r) {
      r = { current: currentOf(queue), complete: completerOf(queue) };
      perQueue.set(queue, r);
    }
    return r;
  };

  /**
   * Runs one job of a batch and records its outcome at once, only if the job is still this attempt's: a
   * mail accepted by the relay is marked completed the moment it is, not when the slowest of its batch is.
   * Answers an error only when the outcome could not be recorded.
   */
  const runAttempt = async (
    queue: QueueName,
    job: PgBoss.JobWithMetadata<object>,
    fetchedAt: number,
    handler: (data: object) => Promise<void>,
  ): Promise<Error | undefined> => {
    const expireIn = Number((job as { expireInSeconds?: unknown }).expireInSeconds);
    const attempt: Attempt = {
      queue,
      id: job.id,
      retryCount: job.retryCount,
      expiresAt: fetchedAt + (Number.isFinite(expireIn) ? expireIn : QUEUES[queue].expireInSeconds) * 1000,
      isCurrent: async () => (await recorder(queue).current(job)).has(keyOf(job)),
    };
    const key = [queue, job.id, job.retryCount];
    try {
      await attempts.run(attempt, () => handler(job.data));
    } catch (err) {
      if (err instanceof AttemptSuperseded) {
        log.warn({ queue, jobId: job.id }, err.message);
        return undefined;
      }
      const permanent = (err as { permanent?: unknown } | null)?.permanent === true;
      if (permanent) log.error({ err, queue, jobId: job.id }, 'job failed for good; it will not be retried');
      else log.warn({ err, queue, jobId: job.id }, 'job failed; it will be retried');
      try {
        // A permanent failure uses up the retries first, so pg-boss's fail makes it `failed`, not `retry`.
        const { rows } = await db.executeSql(
          `UPDATE pgboss.job SET retry_limit = CASE WHEN $4::boolean THEN retry_count ELSE retry_limit END
           WHERE ${stillActive} RETURNING id`,
          [...key, permanent],
        );
        if (rows.length > 0)
          await boss.fail(queue, job.id, {
            message: err instanceof Error ? err.message : String(err),
            permanent,
          });
        return undefined;
      } catch (recordErr) {
        return recordErr as Error;
      }
    }
    try {
      await recorder(queue).complete(job);
      return undefined;
    } catch (recordErr) {
      log.warn({ err: recordErr, queue, jobId: job.id }, 'job done but not recorded; it may run again');
      return recordErr as Error;
    }
  };

  const jobs: JobQueue = {
    async send(queue, data, tx, options) {
      await boss.send(queue, data, {
        ...retryOf(queue),
        ...options,
        ...(tx ? { db: drizzleExecutor(tx) } : {}),
      });
      if (!tx) jobs.wake(queue);
    },
    async sendMany(queue, list, tx) {
      if (list.length === 0) return;
      const retry = retryOf(queue);
      await boss.insert(
        list.map((j) => ({
          name: queue,
          data: j.data,
          id: j.id,
          startAfter: j.startAfter?.toISOString(),
          retryLimit: retry.retryLimit,
          retryDelay: retry.retryDelay,
          retryBackoff: retry.retryBackoff,
          expireInSeconds: retry.expireInSeconds,
        })),
        tx ? { db: drizzleExecutor(tx) } : {},
      );
      if (!tx) jobs.wake(queue);
    },
    async work(queue, handler, options = {}) {
      const batchSize = Math.max(1, Math.floor(options.concurrency ?? 1));
      let id: string | undefined;
      id = await boss.work<object>(
        queue,
        {
          pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
          batchSize,
          // retryCount tells this attempt from a later one of the same job (Attempt).
          includeMetadata: true,
        },
        async (batch) => {
          const fetchedAt = Date.now();
          const outcomes = await Promise.all(
            batch.map((job) => runAttempt(queue, job, fetchedAt, handler as (data: object) => Promise<void>)),
          );
          // A full batch says more may be waiting: fetch again at once rather than after the polling
          // interval (pg-boss's worker skips its pause once notified). A short batch found the queue empty.
          if (batch.length >= batchSize && id && !stopped) boss.notifyWorker(id);
          const unrecorded = outcomes.find((o) => o instanceof Error);
          // The outcome of a job could not be written (the database is away): pg-boss then fails whatever
          // of the batch is still active, and those jobs are retried.
          if (unrecorded) throw unrecorded;
        },
      );
      workers.set(queue, id);
    },
    wake(queue) {
      const id = workers.get(queue);
      if (id && !stopped) boss.notifyWorker(id);
    },
    async pending(queue) {
      return (await boss.getQueueSize(queue, { before: 'completed' })) ?? 0;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
  return jobs;
}
