// Seen, opened and acknowledged (ADR 033): one post_reads row per person and post, each moment set once.
// A batch of events is one INSERT ... SELECT per kind: the SELECT keeps only the posts the caller may open
// now (access.ts), the conflict clause sets the moment only where it was still empty, so a repeated or
// retried batch writes nothing (no new row version either: the WHERE skips the update). A new row takes the
// reader's location and department (looked up once per statement), which reach splits by.
import type { PostReadsBody } from '@hearth/contract';
import { MSG } from '@hearth/contract';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../access/communities';
import { opensNow, POSTS_WITH_COMMUNITY } from '../../access/posts';
import { type Db, queryRows } from '../../db/client';
import { type Bind, intArrayText, tsParam } from '../../db/params';
import { prepared } from '../../db/prepared';
import { postReads } from '../../db/schema';
import { placeOf } from '../../db/user-groups';
import { conflict, notFound } from '../../platform/errors';

type Batch = { seen: number[]; opened: number[] };

/**
 * The values of a batch's statements: bound as a prepared statement's placeholders (db/prepared.ts), so a
 * batch costs no planning, which took five times as long as running it. The ids are one array value.
 */
const slot = {
  viewerId: sql.placeholder('viewerId'),
  ids: sql.placeholder('ids'),
  now: sql.placeholder('now'),
};
type Values = { viewerId: number; ids: string; now: string };

/**
 * The viewer as the SQL builders see it when `id` is the placeholder: they only bind the id into the SQL
 * and choose their rules by the role, so the placeholder stands where the number would.
 */
const viewerSlot = (roleId: number): Viewer => ({ id: slot.viewerId as unknown as number, roleId });

/** The posts among the ids the viewer may open now. */
const openable = (viewer: Viewer, ids: Bind<string>, now: Bind<Date>) =>
  sql`select feed_posts.id from ${POSTS_WITH_COMMUNITY}
    where feed_posts.id = any(${ids}::int[]) and ${opensNow(viewer, now)}`;

/**
 * A new row for each openable post (every column of post_reads, in the table's order), with the reader's
 * location and department; `seen`/`opened` are the moments it sets.
 */
const newReads = (viewer: Viewer, ids: Bind<string>, now: Bind<Date>, opened: boolean) =>
  sql`select o.id, ${viewer.id}::int, ${tsParam(now)}, ${opened ? tsParam(now) : sql`null::timestamptz`},
    null::timestamptz, ${placeOf(viewer.id)} from (${openable(viewer, ids, now)}) o`;

/** The insert of a batch's seen events: a row each it wrote. Exported for the EXPLAIN test. */
export const seenStatement = (db: Db, viewer: Viewer, ids: Bind<string>, now: Bind<Date>) =>
  db
    .insert(postReads)
    .select(newReads(viewer, ids, now, false))
    .onConflictDoUpdate({
      target: [postReads.postId, postReads.userId],
      set: { seenAt: sql`excluded.seen_at` },
      setWhere: sql`${postReads.seenAt} is null`,
    })
    .returning({ one: sql<number>`1` });

/** Opened events; opening a post's page shows it, so opened implies seen. */
export const openedStatement = (db: Db, viewer: Viewer, ids: Bind<string>, now: Bind<Date>) =>
  db
    .insert(postReads)
    .select(newReads(viewer, ids, now, true))
    .onConflictDoUpdate({
      target: [postReads.postId, postReads.userId],
      set: {
        openedAt: sql`excluded.opened_at`,
        seenAt: sql`coalesce(${postReads.seenAt}, excluded.seen_at)`,
      },
      setWhere: sql`${postReads.openedAt} is null`,
    })
    .returning({ one: sql<number>`1` });

/** Runs a batch's statement of the kind, through its prepared form (one per kind and role). */
function recordKind(db: Db, kind: 'seen' | 'opened', viewer: Viewer, values: Values) {
  const statement = kind === 'seen' ? seenStatement : openedStatement;
  const query = prepared<{ one: number }[]>(db, `post_reads_${kind}_r${viewer.roleId}`, () =>
    statement(db, viewerSlot(viewer.roleId), slot.ids, slot.now),
  );
  return query ? query.execute(values) : statement(db, viewer, values.ids, new Date(values.now));
}

/** Records a batch of the caller's events; answers how many were new. Ids they may not open are ignored. */
export async function recordReads(
  db: Db,
  viewer: Viewer,
  batch: Batch | Required<PostReadsBody>,
  now = new Date(),
): Promise<number> {
  const seen = [...new Set(batch.seen)];
  const opened = [...new Set(batch.opened)];
  const values = (ids: number[]) => ({ viewerId: viewer.id, ids: intArrayText(ids), now: now.toISOString() });
  let recorded = 0;
  if (seen.length) recorded += (await recordKind(db, 'seen', viewer, values(seen))).length;
  if (opened.length) recorded += (await recordKind(db, 'opened', viewer, values(opened))).length;
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
    sql`insert into post_reads (post_id, user_id, seen_at, opened_at, acknowledged_at, location_id, department_id)
      values (${postId}, ${viewer.id}, ${at}, ${at}, ${at}, ${placeOf(viewer.id)})
      on conflict (post_id, user_id) do update set
        seen_at = coalesce(post_reads.seen_at, excluded.seen_at),
        opened_at = coalesce(post_reads.opened_at, excluded.opened_at),
        acknowledged_at = coalesce(post_reads.acknowledged_at, excluded.acknowledged_at)
      returning acknowledged_at`,
  );
  if (!row) throw new Error('acknowledgement not written');
  return new Date(row.acknowledged_at);
}
