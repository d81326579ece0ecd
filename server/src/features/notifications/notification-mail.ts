// The e-mail channel (ADR 033): each fan-out batch queues, in its own transaction, one job per recipient
// whose e-mail channel for the type is on (fanout.ts, worker.ts), with an id made from the event and the
// recipient. So a big audience goes out batch by batch and resumes after a crash with the fan-out, a job is
// never queued twice, and the queue hands each job to one instance only (pg-boss fetches with SKIP LOCKED):
// two instances never send the same mail. A job holds ids only; the mail is written when it is sent.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { feedPosts, notificationEvents, users } from '../../db/schema';
import { jobIdOf } from '../../platform/jobs';
import { notificationMail } from './mails';
import { EVENTS_ON_ANY_POST, notificationType, pathOf } from './presenter';

export type NotificationMailJob = { eventId: number; userId: number };

/** Queues the event's mail to each of `userIds` in `tx` (a fan-out batch's transaction). */
export async function queueNotificationMail(
  app: FastifyInstance,
  tx: Db,
  eventId: number,
  userIds: number[],
): Promise<void> {
  await app.jobs.sendMany(
    'notificationMail',
    userIds.map((userId) => ({
      data: { eventId, userId } satisfies NotificationMailJob,
      id: jobIdOf(`hearth notification mail ${eventId} ${userId}`),
    })),
    tx,
  );
}

/** Sends one job's mail; a throw (the SMTP server refused) makes the queue retry it with backoff. */
async function sendNotificationMail(app: FastifyInstance, job: NotificationMailJob): Promise<void> {
  const [row] = await app.db
    .select({
      email: users.email,
      firstName: users.firstName,
      eventType: notificationEvents.type,
      objectId: notificationEvents.objectId,
      title: notificationEvents.title,
      postKind: feedPosts.kind,
    })
    .from(notificationEvents)
    .innerJoin(users, and(eq(users.id, job.userId), eq(users.isActive, true)))
    .leftJoin(
      feedPosts,
      and(
        inArray(notificationEvents.type, [...EVENTS_ON_ANY_POST]),
        eq(feedPosts.id, notificationEvents.objectId),
      ),
    )
    .where(eq(notificationEvents.id, job.eventId));
  // Deactivated meanwhile, or the event is gone: nothing to send.
  if (!row) return;
  const type = notificationType(row.eventType);
  await app.mailer.send(
    notificationMail({ brand: app.config.brandName, publicUrl: app.config.publicUrl }, row, {
      type,
      title: row.title,
      path: pathOf({ ...row, type }),
    }),
  );
}

export async function installNotificationMail(app: FastifyInstance): Promise<void> {
  // A big audience's mails go out MAIL_CONCURRENCY at a time, batch after batch without the polling
  // interval between them while any are waiting (platform/jobs.ts).
  await app.jobs.work<NotificationMailJob>(
    'notificationMail',
    async (job) => {
      try {
        await sendNotificationMail(app, job);
      } catch (err) {
        app.metrics.mailFailures.inc();
        throw err;
      }
    },
    { concurrency: app.config.mailConcurrency },
  );
}
