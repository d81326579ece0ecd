// Spent refresh tokens and mailed links are deleted once nothing needs them (issue 31, item 7). Every
// refresh adds a row (sessions.ts rotates on every use); without this the table grows by one row per
// person every 15 minutes of work.
//
// What must stay, and why:
// - Every row of a session (refresh family) whose newest token has not expired `retention` days ago. A spent
//   token presented again revokes its family (reuse detection, sessions.ts rotateRefreshToken): that only
//   matters while the family can still be refreshed, and a family's newest token expires last. A revoked
//   family likewise stays until it would have expired: the guard reads families revoked within an access
//   token's lifetime (guards.ts), far inside that. Once the family is over, a deleted token presented again
//   is refused as expired, as it would have been anyway.
// - Each person's newest row: the user activity report's Last Active (reports/user-activity.ts).
// - Each person's first row of each UTC week for `sessionHistory` days: the active-users chart counts a
//   login or refresh in a week (reports/active-users.ts, up to 104 weeks back), so it reads the same.
//
// Like the other daily jobs (unverified-expiry.ts, files/cleanup.ts, ADR 040): one job per UTC day whose id
// is derived from the day, queued by every instance at start and every hour for the coming midnight, so the
// day gets one run across instances. The run walks the table in id order, `batch` rows a transaction; each
// transaction locks what it deletes (SKIP LOCKED), so a second run at the same time skips those rows instead
// of waiting or deleting them twice. A run cut off is retried by the queue and finds what is left by the
// same tests.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RetentionDays } from '../../config';
import type { Db } from '../../db/client';
import { daysAgo, pruneInIdOrder } from '../../platform/batched-pruning';
import { type DayJob, keepDayRunQueued, queueDayRun } from '../../platform/daily-job';

/** Rows looked at per transaction (and deleted at most): short transactions whatever the backlog. */
export const PRUNING_BATCH = 2000;

export type TokenRetention = Pick<RetentionDays, 'refreshTokens' | 'sessionHistory'>;

export async function installTokenPruning(app: FastifyInstance): Promise<void> {
  await app.jobs.work<DayJob>('tokenPruning', async ({ day }) => {
    const pruned = await pruneTokens(app.db, app.config.retention);
    app.log.info({ day, ...pruned }, 'spent refresh tokens and mailed links pruned');
  });
  await keepDayRunQueued(app, 'tokenPruning', 'token pruning');
}

/** Queues the run of the UTC day starting at `at` (by default the coming midnight); a day is queued once. */
export const scheduleTokenPruning = (app: FastifyInstance, at?: Date): Promise<void> =>
  queueDayRun(app, 'tokenPruning', 'token pruning', at);

export async function pruneTokens(
  db: Db,
  retention: TokenRetention,
  batch = PRUNING_BATCH,
): Promise<{ refreshTokens: number; emailTokens: number }> {
  return {
    refreshTokens: await pruneRefreshTokens(db, retention, batch),
    emailTokens: await pruneEmailTokens(db, retention.refreshTokens, batch),
  };
}

/** Refresh tokens past retention that neither reuse detection nor the activity reports need (see above). */
export function pruneRefreshTokens(
  db: Db,
  retention: TokenRetention,
  batch = PRUNING_BATCH,
): Promise<number> {
  const cutoff = daysAgo(retention.refreshTokens);
  // Scalar subqueries, each one probe of an index per row; written as EXISTS the same tests made the
  // benchmark's first run (bench/growth.mjs) twice as slow.
  const deletable = sql`x.expires_at < ${cutoff}
    -- the session is over: its newest token expired before the cutoff (refresh_tokens_family_expires_idx)
    and (select max(f.expires_at) from refresh_tokens f where f.family_id = x.family_id) < ${cutoff}
    -- not the person's newest row, Last Active (refresh_tokens_user_created_idx)
    and x.created_at < (select max(l.created_at) from refresh_tokens l where l.user_id = x.user_id)
    -- not the person's first row of its week while the activity chart may show that week
    and (x.created_at < ${daysAgo(retention.sessionHistory)}
      or x.created_at > (select min(w.created_at) from refresh_tokens w where w.user_id = x.user_id
        and w.created_at >= date_trunc('week', x.created_at at time zone 'UTC') at time zone 'UTC'))`;
  return pruneInIdOrder(db, {
    table: 'refresh_tokens',
    deletable,
    batch,
  });
}

/**
 * Verification, reset and e-mail change links that expired `days` ago: used or not, they open nothing, and
 * a new link marks the older ones of its purpose used anyway (email-links.ts).
 */
export function pruneEmailTokens(db: Db, days: number, batch = PRUNING_BATCH): Promise<number> {
  const cutoff = daysAgo(days);
  return pruneInIdOrder(db, {
    table: 'email_tokens',
    deletable: sql`x.expires_at < ${cutoff}`,
    batch,
  });
}
