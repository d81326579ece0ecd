// Seen, opened and acknowledged (ADR 033): one post_reads row per person and post, each moment set once.
// A batch of events is one INSERT ... SELECT per kind: the SELECT keeps only the posts the caller may open
// now (access.ts), the conflict clause sets the moment only where it was still empty, so a repeated or
// retried batch writes nothing (no new row version either: the WHERE skips the update).
import type { PostReadsBody } from '@hearth/contract';
import { MSG } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { tsParam } from '../../db/params';
import { conflict, notFound } from '../../platform/errors';
import type { Viewer } from '../communities/access';
import { opensNow, POSTS_WITH_COMMUNITY } from './access';

type Batch = { seen: number[]; opened: number[] };

/** The ids as one array parameter: one statement text whatever the batch's size. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The posts among `ids` the viewer may open now. */
const openable = (viewer: Viewer, ids: number[], now: Date) =>
  sql`select feed_posts.id from ${POSTS_WITH_COMMUNITY}
    where feed_posts.id = any(${idArray(ids)}) and ${opensNow(viewer, now)}`;

/** The statement of a batch's seen events: the rows it wrote, one each. Exported for the EXPLAIN test. */
export const seenStatement = (viewer: Viewer, ids: number[], now: Date) =>
  sql`insert into post_reads (post_id, user_id, seen_at)
    select o.id, ${viewer.id}::int, ${tsParam(now)} from (${openable(viewer, ids, now)}) o
    on conflict (post_id, user_id) do update set seen_at = excluded.seen_at
      where post_reads.seen_at is null
    returning 1`;

/** Opened events; opening a post's page shows it, so opened implies seen. */
export const openedStatement = (viewer: Viewer, ids: number[], now: Date) =>
  sql`insert into post_reads (post_id, user_id, seen_at, opened_at)
    select o.id, ${viewer.id}::int, ${tsParam(now)}, ${tsParam(now)} from (${openable(viewer, ids, now)}) o
    on conflict (post_id, user_id) do update
      set opened_at = excluded.opened_at, seen_at = coalesce(post_reads.seen_at, excluded.seen_at)
      where post_reads.opened_at is null
    returning 1`;

/** Records a batch of the caller's events; answers how many were new. Ids they may not open are ignored. */
export async function recordReads(
  db: Db,
  viewer: Viewer,
  batch: Batch | Required<PostReadsBody>,
  now = new Date(),
): Promise<number> {
  const seen = [...new Set(batch.seen)];
  const opened = [...new Set(batch.opened)];
  let recorded = 0;
  if (seen.length) recorded += (await queryRows(db, seenStatement(viewer, seen, now))).length;
  if (opened.length) recorded += (await queryRows(db, openedStatement(viewer, opened, now))).length;
  return recorded;
}

/**
 * "I have read this": sets the caller's acknowledged_at once (and seen and opened where still empty), and
 * answers it, the first time's on a repeat. 404 when they may not open the post, 409 when it does not ask
 * to be acknowledged.
 */
export async function acknowledge(db: Db, viewer: Viewer, postId: number, now = new Date()): Promise<Date> {
  const [post] = await queryRows<{ requires_ack: boolean }>(
    db,
    sql`select feed_posts.requires_ack from ${POSTS_WITH_COMMUNITY}
      where feed_posts.id = ${postId} and ${opensNow(viewer, now)}`,
  );
  if (!post) throw notFound();
  if (!post.requires_ack) throw conflict(MSG.ackNotRequired);
  const at = tsParam(now);
  const [row] = await queryRows<{ acknowledged_at: string | Date }>(
    db,
    sql`insert into post_reads (post_id, user_id, seen_at, opened_at, acknowledged_at)
      values (${postId}, ${viewer.id}, ${at}, ${at}, ${at})
      on conflict (post_id, user_id) do update set
        seen_at = coalesce(post_reads.seen_at, excluded.seen_at),
        opened_at = coalesce(post_reads.opened_at, excluded.opened_at),
        acknowledged_at = coalesce(post_reads.acknowledged_at, excluded.acknowledged_at)
      returning acknowledged_at`,
  );
  if (!row) throw new Error('acknowledgement not written');
  return new Date(row.acknowledged_at);
}
