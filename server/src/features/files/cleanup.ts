// Leftover uploads (product.md section 10): partial files of writes a crash cut off, and uploads nothing
// refers to after a day. Partial files are swept at every start and in the daily run; unattached uploads
// only in the daily run.
//
// The daily run is one job per UTC day whose id is derived from the day: every instance, at start and every
// hour, queues the job of the coming midnight, and pg-boss drops a job whose id it already holds, so however
// many instances send it the day gets one job, and the queue hands that job to one worker. The job is
// queued before its day begins and stays in the queue until 12 hours after it completed, so no instance
// can queue that day again. A crash mid-run leaves the job active until it expires; pg-boss then retries
// it, and the run continues: each batch of deleted rows was its own committed transaction, and the rows
// still to do are found again by the same query.
//
// The blobs of a batch go in a job queued in the transaction that deletes its rows: a crash after the
// commit cannot leave blobs no row names any more, and a blob is removed only once its row is gone.
import { and, asc, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { communities, feedPostFiles, files, users } from '../../db/schema';
import { type DayJob, keepDayRunQueued, queueDayRun } from '../../platform/daily-job';
import type { Storage } from '../../platform/storage';
import { storedKeys } from './service';

/**
 * A partial file untouched this long was cut off: a live upload writes as its bytes arrive, and a socket
 * idle for 60 s is closed (platform/http/timeouts.ts).
 */
export const PARTIAL_STALE_MS = 5 * 60_000;
/** How long an upload nothing refers to is kept: time to attach it (a post form left open overnight). */
export const GRACE_HOURS = 24;
/** Rows deleted per transaction: short transactions, and a job of blobs of a bounded size. */
export const CLEANUP_BATCH = 500;
/** Blobs removed at once: a bucket answers each delete in a round trip. */
const REMOVALS_IN_FLIGHT = 8;

/**
 * Every column that refers to a file (db/schema). A file none of them names is deleted after the grace
 * period, so a new reference must join this list; cleanup.test.ts checks the schema's foreign keys against it.
 */
export const FILE_REFERENCES: AnyPgColumn[] = [
  feedPostFiles.fileId,
  communities.imageFileId,
  users.profileImageFileId,
];

type BlobsJob = { keys: string[] };

export async function installFilesCleanup(app: FastifyInstance): Promise<void> {
  await app.jobs.work<DayJob | BlobsJob>('cleanup', (job) =>
    'keys' in job ? removeBlobs(app.storage, job.keys) : dailyCleanup(app, job.day),
  );
  await keepDayRunQueued(app, 'cleanup', 'files cleanup');
  app.addHook('onReady', async () => {
    sweeps.set(app, sweepPartials(app));
  });
  app.addHook('onClose', async () => {
    await sweeps.get(app);
  });
}

const sweeps = new WeakMap<FastifyInstance, Promise<number>>();

/** The sweep of partial files this instance started when it became ready (closing waits for it). */
export const partialsSweptAtStart = (app: FastifyInstance): Promise<number> | undefined => sweeps.get(app);

/**
 * Queues the run of the UTC day starting at `at` (by default the coming midnight) to start then; a day
 * already queued is not queued again.
 */
export const scheduleCleanup = (app: FastifyInstance, at?: Date): Promise<void> =>
  queueDayRun(app, 'cleanup', 'files cleanup', at);

async function dailyCleanup(app: FastifyInstance, day: string): Promise<void> {
  const partials = await app.storage.removeStalePartials(PARTIAL_STALE_MS);
  const unattached = await removeUnattachedFiles(app);
  app.log.info({ day, partials, unattached }, 'leftover uploads removed');
}

async function sweepPartials(app: FastifyInstance): Promise<number> {
  try {
    const removed = await app.storage.removeStalePartials(PARTIAL_STALE_MS);
    if (removed > 0) app.log.info({ removed }, 'partial files of cut-off uploads removed');
    return removed;
  } catch (err) {
    app.log.warn({ err }, 'partial files of cut-off uploads not swept');
    return 0;
  }
}

/** Deletes every file past the grace period that nothing refers to, batch by batch; answers how many. */
export async function removeUnattachedFiles(app: FastifyInstance, batch = CLEANUP_BATCH): Promise<number> {
  let total = 0;
  let afterId = 0;
  for (;;) {
    const { deleted, next } = await deleteUnattachedBatch(app, afterId, batch);
    total += deleted;
    if (next === null) return total;
    afterId = next;
  }
}

/** No column of FILE_REFERENCES names the `files` row at hand. */
const unattached = (db: Db) =>
  and(
    ...FILE_REFERENCES.map((column) =>
      notExists(db.select({ one: sql`1` }).from(column.table).where(eq(column, files.id))),
    ),
  );

/**
 * Deletes up to `batch` files past the grace period that nothing refers to, from those with an id above
 * `afterId`, in one transaction that also queues the removal of their blobs. Answers how many it deleted and
 * the cursor of the next batch (null: this was the last).
 */
export async function deleteUnattachedBatch(
  app: FastifyInstance,
  afterId: number,
  batch = CLEANUP_BATCH,
): Promise<{ deleted: number; next: number | null }> {
  const result = await app.db.transaction(async (tx) => {
    // Attaching a file locks its row (posts/write.ts checkFiles, and every reference's foreign key check):
    // a file being attached now is skipped, and one attached after this lock waits and then finds no file.
    const candidates = await tx
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          gt(files.id, afterId),
          lt(files.createdAt, sql`now() - make_interval(hours => ${GRACE_HOURS}::int)`),
          unattached(tx),
        ),
      )
      .orderBy(asc(files.id))
      .limit(batch)
      .for('update', { of: files, skipLocked: true });
    if (candidates.length === 0) return { deleted: 0, keys: [], next: null };
    // Asked again under the lock: this statement sees every attach committed before it.
    const deleted = await tx
      .delete(files)
      .where(
        and(
          inArray(
            files.id,
            candidates.map((c) => c.id),
          ),
          unattached(tx),
        ),
      )
      .returning({
        storageKey: files.storageKey,
        thumbnailKey: files.thumbnailKey,
        variantWidths: files.variantWidths,
      });
    const keys = deleted.flatMap((row) => storedKeys(row));
    if (keys.length > 0) await app.jobs.send('cleanup', { keys } satisfies BlobsJob, tx);
    // A short batch was the last: what it skipped as locked was being attached.
    const next = candidates.length === batch ? (candidates.at(-1)?.id ?? null) : null;
    return { deleted: deleted.length, keys, next };
  });
  if (result.keys.length > 0) app.jobs.wake('cleanup');
  return { deleted: result.deleted, next: result.next };
}

/** Removes blobs whose rows are gone; a failure fails the job, which is retried (a missing blob is fine). */
async function removeBlobs(storage: Storage, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += REMOVALS_IN_FLIGHT) {
    await Promise.all(keys.slice(i, i + REMOVALS_IN_FLIGHT).map((key) => storage.remove(key)));
  }
}
