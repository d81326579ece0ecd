// Old notifications and their events are deleted (issue 31, item 7): every post for everyone adds a row per
// person, and the outbox keeps every event it fanned out.
//
// - A notification viewed and sent `notifications` days ago (180 by default) goes; one never viewed goes
//   after `unviewedNotifications` days (365), so the bell's count is not cut short by the shorter limit.
// - An event goes once fully processed `notifications` days ago and none of its notifications is left (a
//   notification names its event, and deleting the event would take them with it).
//
// Scheduling and batches as in auth/token-pruning.ts (ADR 040): one job per UTC day with an id derived from
// the day, each batch of rows in id order its own transaction, rows locked with SKIP LOCKED, so a run cut off
// goes on from what is left and a second run at the same time deletes nothing twice.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RetentionDays } from '../../config';
import type { Db } from '../../db/client';
import { daysAgo, pruneInIdOrder } from '../../platform/batched-pruning';
import { type DayJob, keepDayRunQueued, queueDayRun } from '../../platform/daily-job';

/** Rows looked at per transaction (and deleted at most). */
export const RETENTION_BATCH = 2000;

export type NotificationRetention = Pick<RetentionDays, 'notifications' | 'unviewedNotifications'>;

export async function installNotificationRetention(app: FastifyInstance): Promise<void> {
  await app.jobs.work<DayJob>('notificationRetention', async ({ day }) => {
    const pruned = await pruneNotifications(app.db, app.config.retention);
    app.log.info({ day, ...pruned }, 'old notifications pruned');
  });
  await keepDayRunQueued(app, 'notificationRetention', 'notification retention');
}

/** Queues the run of the UTC day starting at `at` (by default the coming midnight); a day is queued once. */
export const scheduleNotificationRetention = (app: FastifyInstance, at?: Date): Promise<void> =>
  queueDayRun(app, 'notificationRetention', 'notification retention', at);

export async function pruneNotifications(
  db: Db,
  retention: NotificationRetention,
  batch = RETENTION_BATCH,
): Promise<{ notifications: number; events: number }> {
  const viewed = daysAgo(retention.notifications);
  const unviewed = daysAgo(retention.unviewedNotifications);
  const notifications = await pruneInIdOrder(db, {
    table: 'notifications',
    deletable: sql`((x.viewed_at is not null and x.sent_at < ${viewed}) or x.sent_at < ${unviewed})`,
    batch,
  });
  const events = await pruneInIdOrder(db, {
    table: 'notification_events',
    // notifications_event_user_idx: one probe per event (a scalar subquery, never a join to the table).
    deletable: sql`x.processed_at < ${viewed}
      and (select n.id from notifications n where n.event_id = x.id limit 1) is null`,
    batch,
  });
  return { notifications, events };
}
