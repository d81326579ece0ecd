// Registrations never confirmed (issue 30): an account whose address nobody proved within a week is
// deleted, so the address is free again for its owner (an outsider can register any unused company address;
// unverified, it cannot log in, but it would hold the address for good).
//
// Like the daily removal of leftover uploads (files/cleanup.ts): one job per UTC day on the `accounts` queue,
// whose id is derived from the day, queued by every instance at start and every hour for the coming
// midnight; pg-boss drops a job whose id it already holds, so the day gets one run across instances. Each
// batch is its own transaction; a run cut off is retried by the queue and finds what is left by the same query.
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  communities,
  communityDiscussion,
  communityDiscussionMentions,
  feedCommentMentions,
  feedComments,
  feedPosts,
  surveyInstances,
  surveys,
  users,
} from '../../db/schema';
import { type DayJob, keepDayRunQueued, queueDayRun } from '../../platform/daily-job';

/** How long an address may wait for its owner to open the verification link. */
export const UNVERIFIED_DAYS = 7;
/** Accounts deleted per transaction: short transactions, whatever the backlog. */
export const EXPIRY_BATCH = 200;

/**
 * Columns naming a user with no ON DELETE rule that record what the user did. None can be written while
 * the account is unverified (it cannot log in), so an account one of them names was used after all: it is
 * kept rather than its content deleted. unverified-expiry.test.ts checks the schema against these lists.
 */
export const KEEPING_REFERENCES: AnyPgColumn[] = [
  feedPosts.userId,
  feedComments.userId,
  communityDiscussion.userId,
  communities.createdById,
  surveys.createdById,
  surveyInstances.createdById,
];

/** Mentions of the account, someone else's doing: they go with it (the comment's text keeps the name). */
export const MENTIONS: AnyPgColumn[] = [feedCommentMentions.userId, communityDiscussionMentions.userId];

export async function installUnverifiedExpiry(app: FastifyInstance): Promise<void> {
  await app.jobs.work<DayJob>('accounts', async ({ day }) => {
    const deleted = await expireUnverifiedAccounts(app.db);
    if (deleted > 0) app.log.info({ day, deleted }, 'unverified accounts expired');
  });
  await keepDayRunQueued(app, 'accounts', 'unverified accounts');
}

/** Queues the run of the UTC day starting at `at` (by default the coming midnight); a day is queued once. */
export const scheduleUnverifiedExpiry = (app: FastifyInstance, at?: Date): Promise<void> =>
  queueDayRun(app, 'accounts', 'unverified accounts', at);

/** Deletes every account still unverified UNVERIFIED_DAYS after it was made, batch by batch; answers how many. */
export async function expireUnverifiedAccounts(db: Db, batch = EXPIRY_BATCH): Promise<number> {
  let total = 0;
  let afterId = 0;
  for (;;) {
    const { deleted, next } = await expireBatch(db, afterId, batch);
    total += deleted;
    if (next === null) return total;
    afterId = next;
  }
}

/** Still unverified, older than the grace period, and named by nothing it would have had to do itself. */
const expired = (db: Db) =>
  and(
    eq(users.isVerified, false),
    lt(users.createdAt, sql`now() - make_interval(days => ${UNVERIFIED_DAYS}::int)`),
    ...KEEPING_REFERENCES.map((column) =>
      notExists(db.select({ one: sql`1` }).from(column.table).where(eq(column, users.id))),
    ),
  );

async function expireBatch(
  db: Db,
  afterId: number,
  batch: number,
): Promise<{ deleted: number; next: number | null }> {
  return db.transaction(async (tx) => {
    // Locked, so a verification link opened now waits and then finds no account (its link went with it);
    // rows another run holds are skipped.
    const candidates = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`${users.id} > ${afterId}`, expired(tx)))
      .orderBy(asc(users.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { deleted: 0, next: null };
    const ids = candidates.map((c) => c.id);
    for (const column of MENTIONS) await tx.delete(column.table).where(inArray(column, ids));
    // Asked again under the lock; everything else that names a user goes with it (ON DELETE CASCADE).
    const deleted = await tx
      .delete(users)
      .where(and(inArray(users.id, ids), expired(tx)))
      .returning({ id: users.id });
    const next = candidates.length === batch ? (candidates.at(-1)?.id ?? null) : null;
    return { deleted: deleted.length, next };
  });
}
