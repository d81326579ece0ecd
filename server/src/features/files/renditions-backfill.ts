// Renditions for images uploaded before they existed (migration 0010 left their width null): without
// them, pages send a phone the full original. Each start asks the job queue for a backfill; the queue is
// stately (platform/jobs.ts), so across instances one job waits and one runs. A job does one batch after a
// cursor and queues the next, so a crash resumes at the batch it was in, and no transaction stays open while
// images are decoded. An image that does not decode is logged and passed over (tried again next start).
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files } from '../../db/schema';
import { putImageRenditions } from '../../platform/image-renditions';
import { removeBlob } from './service';
import { storedImageRenditions } from './thumbnails';

export const BACKFILL_BATCH = 20;

type BackfillJob = { afterId: number };

export async function installRenditionsBackfill(app: FastifyInstance): Promise<void> {
  await app.jobs.work<BackfillJob>('renditions', async ({ afterId }) => {
    const next = await backfillRenditions(app, afterId);
    if (next !== null) await app.jobs.send('renditions', { afterId: next } satisfies BackfillJob);
  });
  await app.jobs.send('renditions', { afterId: 0 } satisfies BackfillJob);
}

/**
 * Makes the renditions of up to `batch` images without them whose id is above `afterId`; answers the
 * cursor for the next batch, or null when this was the last.
 */
export async function backfillRenditions(
  app: FastifyInstance,
  afterId: number,
  batch = BACKFILL_BATCH,
): Promise<number | null> {
  const rows = await app.db
    .select({ id: files.id, storageKey: files.storageKey, thumbnailKey: files.thumbnailKey })
    .from(files)
    .where(and(gt(files.id, afterId), eq(files.resourceType, 'image'), isNull(files.width)))
    .orderBy(asc(files.id))
    .limit(batch);
  for (const row of rows) {
    const written: string[] = [];
    try {
      const made = await storedImageRenditions(app.storage, row.storageKey);
      const stored = await putImageRenditions(app.storage, row.storageKey, made, written);
      // Only a row still without renditions: a second backfill that got here first keeps its own.
      await app.db
        .update(files)
        .set(stored)
        .where(and(eq(files.id, row.id), isNull(files.width)));
    } catch (err) {
      // What this wrote and the row does not name yet; its thumbnail it had before stays.
      await removeBlob(
        app.storage,
        written.filter((k) => k !== row.thumbnailKey),
      );
      app.log.warn({ err, fileId: row.id }, 'no renditions for this image; it is served as it is');
    }
  }
  const last = rows.at(-1);
  return rows.length === batch && last ? last.id : null;
}
