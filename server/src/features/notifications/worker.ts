// The notification worker of this instance: every TICK_MS (and right after a write request, `kick`) it
// records the events of posts and surveys whose start time arrived, then fans out pending events; each batch queues its
// web push and e-mail as jobs (platform/jobs.ts). It also runs the e-mail digest (digest.ts). Runs never overlap (one chain of promises); `drain` waits
// for a full run, so tests are deterministic. Stopped on app.close().
// Several instances may all run it: claims are exactly-once in the database (fanout.ts). Every
// RETRY_LOCKED_MS an instance looks for unfinished events, not only at the next tick: if the instance that
// was fanning one out died, its lock went with its last short batch and another takes over within seconds.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createEventBus, type EventBus } from '../../platform/events';
import { databaseUnavailable } from '../../platform/http/database-unavailable';
import { jobIdOf } from '../../platform/jobs';
import type { Audiences } from './audiences';
import { installDigest } from './digest';
import {
  type BatchDelivery,
  eventsWaiting,
  notifyScheduledPosts,
  notifyScheduledSurveys,
  processPendingEvents,
} from './fanout';
import { installNotificationMail, queueNotificationMail } from './notification-mail';
import { createPushSender, type DeferPush, ensureVapidKeys, type PushJob, type PushSender } from './push';
import { bindPushNetwork, type PushNetwork } from './push-network';
import { installNotificationRetention } from './retention';

export type NotificationWorker = {
  /** Starts a run soon (coalesced with one already waiting). */
  kick(): void;
  /** Runs once more after whatever runs now, and waits for it. */
  drain(): Promise<void>;
  /**
   * Starts no run until the answered function is called (runs asked for meanwhile are skipped): for tests
   * that drive the fan-out themselves and must not race this instance's worker.
   */
  hold(): () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationWorker;
    events: EventBus;
    push: PushSender;
  }
  interface FastifyContextConfig {
    /** The route's writes never record a notification event: its answer does not start a fan-out run. */
    recordsNoEvents?: boolean;
  }
}

/** At most this late: product.md section 9 allows a scheduled post to notify up to a minute late. */
export const TICK_MS = 30_000;
/** How often an instance looks for events left unfinished (by another instance, or a failed run). */
export const RETRY_LOCKED_MS = 2_000;

/**
 * `audiences`: whom each type of event notifies, given by the features that record them (audiences.ts).
 * `network`: how web push reaches push services (tests inject a resolver; see push-network.ts).
 */
export async function installNotifications(
  app: FastifyInstance,
  audiences: Audiences,
  network: PushNetwork = {},
): Promise<void> {
  const events = await createEventBus(app.database, (msg) => app.log.warn(msg));
  app.decorate('events', events);
  bindPushNetwork(app.db, network);
  // A must-read reminder's push to someone in quiet hours waits for their end; the id makes it once.
  const deferPush: DeferPush = (eventId, userIds, at) =>
    app.jobs.send('push', { eventId, userIds } satisfies PushJob, undefined, {
      id: jobIdOf(`hearth push ${eventId} ${at.toISOString()} ${userIds.join(',')}`),
      startAfter: at,
    });
  const push = createPushSender(
    app.db,
    ensureVapidKeys(app.config),
    app.config.vapidSubject,
    app.log,
    network,
    deferPush,
  );
  app.decorate('push', push);
  await app.jobs.work<PushJob>('push', (job) => push.send(job));
  await installNotificationMail(app);
  await installDigest(app, audiences);
  await installNotificationRetention(app);
  /** A committed batch's push (one job) and e-mail (one job per recipient), queued in its transaction. */
  const deliver = async (tx: Db, b: BatchDelivery) => {
    if (b.pushTo.length > 0)
      await app.jobs.send('push', { eventId: b.eventId, userIds: b.pushTo } satisfies PushJob, tx, {
        id: jobIdOf(`hearth push ${b.eventId} batch ${b.pushTo[0]}`),
      });
    if (b.mailTo.length > 0) await queueNotificationMail(app, tx, b.eventId, b.mailTo);
  };

  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  let held = false;
  const run = async () => {
    queued = false;
    if (closed || held) return;
    try {
      await notifyScheduledPosts(app.db);
      await notifyScheduledSurveys(app.db);
      await processPendingEvents(app.db, events, audiences, deliver);
      app.jobs.wake('push');
      app.jobs.wake('notificationMail');
    } catch (err) {
      // Without its database the run waits for the next look (RETRY_LOCKED_MS); one line, no SQL in it.
      const unavailable = databaseUnavailable(err);
      if (unavailable) app.log.warn(unavailable, 'notification fan-out waits for the database');
      else app.log.error({ err }, 'notification fan-out failed');
    }
  };
  const worker: NotificationWorker = {
    kick() {
      if (queued || closed) return;
      queued = true;
      chain = chain.then(run);
    },
    drain() {
      chain = chain.then(run);
      return chain;
    },
    hold() {
      held = true;
      return () => {
        held = false;
      };
    },
  };
  app.decorate('notifications', worker);

  const timer = setInterval(() => worker.kick(), TICK_MS);
  timer.unref();
  // Between ticks, a cheap look for events nobody finished: one that another instance locked until it died,
  // one whose run here failed, one recorded by an instance that stopped before fanning it out.
  const watch = setInterval(() => {
    if (queued || closed) return;
    eventsWaiting(app.db).then(
      (waiting) => waiting && worker.kick(),
      () => {},
    );
  }, RETRY_LOCKED_MS);
  watch.unref();
  // A write that answered may have recorded an event: fan it out now rather than at the next tick. Not
  // after a write whose route says it records none (the browsers' seen events): at 250 batches a second,
  // each kick ran the fan-out's statements again, on the pool the pages are read from.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.config?.recordsNoEvents) return;
    worker.kick();
  });
  app.addHook('onReady', async () => worker.kick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    clearInterval(watch);
    await chain;
    await events.close();
  });
}
