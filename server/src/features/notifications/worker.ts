// The notification worker of this instance: every TICK_MS (and right after a write request, `kick`) it
// records the events of posts whose start time arrived, then fans out pending events; each batch queues its
// web push as a job (platform/jobs.ts). Runs never overlap (one chain of promises); `drain` waits for a full
// run, so tests are deterministic. Stopped on app.close().
// Several instances may all run it: claims are exactly-once in the database (fanout.ts).
import type { FastifyInstance } from 'fastify';
import { createEventBus, type EventBus } from '../../platform/events';
import type { Audiences } from './audiences';
import { notifyScheduledPosts, processPendingEvents } from './fanout';
import { createPushSender, ensureVapidKeys, type PushSender } from './push';
import { bindPushNetwork, type PushNetwork } from './push-network';

export type NotificationWorker = {
  /** Starts a run soon (coalesced with one already waiting). */
  kick(): void;
  /** Runs once more after whatever runs now, and waits for it. */
  drain(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationWorker;
    events: EventBus;
    push: PushSender;
  }
}

/** At most this late: product.md section 9 allows a scheduled post to notify up to a minute late. */
export const TICK_MS = 30_000;

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
  const push = createPushSender(
    app.db,
    ensureVapidKeys(app.config),
    app.config.vapidSubject,
    app.log,
    network,
  );
  app.decorate('push', push);
  await app.jobs.work<{ eventIds: number[] }>('push', ({ eventIds }) => push.sendForEvents(eventIds));

  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let closed = false;
  const run = async () => {
    queued = false;
    if (closed) return;
    try {
      await notifyScheduledPosts(app.db);
      await processPendingEvents(app.db, events, audiences, (tx, eventIds) =>
        app.jobs.send('push', { eventIds }, tx),
      );
      app.jobs.wake('push');
    } catch (err) {
      app.log.error({ err }, 'notification fan-out failed');
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
  };
  app.decorate('notifications', worker);

  const timer = setInterval(() => worker.kick(), TICK_MS);
  timer.unref();
  // A write that answered may have recorded an event: fan it out now rather than at the next tick.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) worker.kick();
  });
  app.addHook('onReady', async () => worker.kick());
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await chain;
    await events.close();
  });
}
