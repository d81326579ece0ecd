// Notifications: the handlers of contract/src/endpoints/notifications.ts. Everyone reads and marks only
// their own notifications: a `userId` naming someone else is 403, someone else's notification 404 (as one
// that does not exist). The stream is opened with a single-use
// ticket (stream-tickets.ts) or an Authorization header, never a token in the URL, and ends when its
// session ends (logout, password change, deactivation: a bus message). The notification centre (history,
// unread again), preferences and the digest's unsubscribe link (public: a signed token, rate-limited).
import type { ServerResponse } from 'node:http';
import { MSG, notificationsEndpoints, SESSION } from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertSelf } from '../../access/assert-self';
import { authenticate, authenticateSession, expiryOf, me } from '../../platform/auth/guards';
import { AppError, fieldError, unauthenticated } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { notificationHistory } from './history';
import { readPreferences, savePreferences, turnDigestOff } from './preferences';
import {
  listNotifications,
  registerSubscription,
  unregisterSubscription,
  unviewedCount,
  unviewNotification,
  viewAll,
  viewNotification,
} from './service';
import { issueStreamTicket, spendStreamTicket } from './stream-tickets';
import { countUnsubscribe, unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** A stream opened with a ticket lasts at most as long as an access token would have. */
const TICKET_STREAM_MS = SESSION.accessTokenSeconds * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** When the stream must end at the latest (ms): its access token's expiry, or a ticket's bound. */
    streamEndsAt?: number;
  }
}

/**
 * The stream's credential: a `?ticket=` (spent here, whatever happens next) or the Authorization header.
 * Runs at onRequest like every guard, before the query is validated, hence the checks on its shape.
 */
async function authenticateStream(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  if (ticket === undefined) {
    await authenticate(request, reply);
    const token = request.headers.authorization?.slice(7).trim() ?? '';
    request.streamEndsAt = expiryOf(token) ?? Date.now() + TICKET_STREAM_MS;
    return;
  }
  if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > 200)
    throw unauthenticated(MSG.sessionExpired);
  const spent = await spendStreamTicket(request.server.db, ticket);
  if (!spent) throw unauthenticated(MSG.sessionExpired);
  await authenticateSession(request, spent.userId, spent.sessionId);
  request.streamEndsAt = Date.now() + TICKET_STREAM_MS;
}

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  /** Other tabs of the user follow their count after a view. */
  const changed = (userId: number) => app.events.publish({ userIds: [userId] }).catch(() => {});
  /** Open streams, ended before the server closes (it would otherwise wait for them). */
  const streams = new Set<ServerResponse>();
  app.metrics.countStreams(() => streams.size);
  app.addHook('preClose', async () => {
    // SSE `retry`: reconnect (to another instance) after 1 to 5 s, spread so they do not all come at once.
    for (const s of streams) s.end(`retry: ${1000 + Math.floor(Math.random() * 4000)}\n\n`);
  });

  routes(app, notificationsEndpoints, {
    listNotificationHistory: async (request) => ({
      data: await notificationHistory(app.db, me(request).id, request.query),
    }),
    unviewNotification: async (request) => {
      const caller = me(request);
      await unviewNotification(app.db, caller, request.body.notificationId);
      await changed(caller.id);
      return { data: { message: MSG.markedUnread } };
    },
    getNotificationPreferences: async (request) => ({
      data: await readPreferences(app.db, me(request).id),
    }),
    saveNotificationPreferences: async (request) => {
      const caller = me(request);
      await savePreferences(app.db, caller.id, request.body);
      return { data: await readPreferences(app.db, caller.id) };
    },
    unsubscribeDigest: async (request) => {
      const userId = verifyUnsubscribeToken(unsubscribeSecret(app), request.body.token);
      await countUnsubscribe(app.db, request.ip, userId);
      if (userId === null) throw fieldError('token', MSG.unsubscribeLinkInvalid);
      await turnDigestOff(app.db, userId);
      return { data: { message: MSG.unsubscribed } };
    },
    listNotifications: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await listNotifications(app.db, caller.id) };
    },
    viewNotification: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await viewNotification(app.db, caller, request.body.notificationId);
      await changed(caller.id);
      return { data: await listNotifications(app.db, caller.id) };
    },
    viewAllNotifications: async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await viewAll(app.db, caller.id);
      await changed(caller.id);
      return { data: await listNotifications(app.db, caller.id) };
    },
    createNotificationStreamTicket: async (request) => {
      const caller = me(request);
      if (!request.sessionId) throw unauthenticated(MSG.sessionExpired);
      const { ticket, expiresAt } = await issueStreamTicket(app.db, caller.id, request.sessionId);
      return { data: { ticket, expiresAt: expiresAt.toISOString() } };
    },
    streamNotifications: [
      async (request, reply) => {
        const caller = me(request);
        const sessionId = request.sessionId;
        const endsAt = request.streamEndsAt ?? Date.now() + TICKET_STREAM_MS;
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        let open = true;
        // Sends are chained so counts arrive in order.
        let sending: Promise<void> = Promise.resolve();
        const send = () => {
          sending = sending.then(async () => {
            if (!open) return;
            const unviewed = await unviewedCount(app.db, caller.id).catch(() => undefined);
            if (open && unviewed !== undefined) raw.write(`data: ${JSON.stringify({ unviewed })}\n\n`);
          });
          return sending;
        };
        await send();
        if (request.query.once) {
          open = false;
          raw.end();
          return reply;
        }
        const unsubscribe = app.events.subscribe((msg) => {
          const ended = msg.sessionsEnded;
          // Logout ends this session's stream; password change, reset and deactivation end all of them.
          if (ended && ended.userId === caller.id && (!ended.sessionId || ended.sessionId === sessionId)) {
            close();
            raw.end();
            return;
          }
          // After a reconnect of the bus (resync) the count may have changed unseen, and the session may
          // have ended unheard: ask again (session-events.ts has made the guard forget its cached users).
          if (msg.resync) void resync();
          else if (msg.userIds.includes(caller.id)) void send();
        });
        const resync = async () => {
          if (sessionId) {
            const ended = await authenticateSession(request, caller.id, sessionId).then(
              () => false,
              // Refused (401): the session ended during the gap. Any other failure (the database) is not
              // a verdict on the session: the stream stays and the next count tells.
              (err) => err instanceof AppError && err.status === 401,
            );
            if (ended) {
              close();
              raw.end();
              return;
            }
          }
          await send();
        };
        const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
        const expiry = setTimeout(() => raw.end(), Math.max(0, endsAt - Date.now()));
        function close() {
          if (!open) return;
          open = false;
          unsubscribe();
          clearInterval(heartbeat);
          clearTimeout(expiry);
        }
        raw.on('close', close);
        streams.add(raw);
        raw.on('close', () => streams.delete(raw));
        // Hijacked: Fastify leaves the answer to the handler.
        return reply;
      },
      {
        // The ticket (or the Authorization header) instead of the bearer check alone.
        authenticate: authenticateStream,
        // Lives up to 15 minutes: its socket's idle timeout outlasts the heartbeat (platform/http/timeouts.ts).
        config: { longLived: true },
        // Each event must leave at once; a compressor would hold it back (compression.ts).
        compress: false,
      },
    ],
    getVapidPublicKey: async () => ({ publicKey: app.push.publicKey }),
    registerPushSubscription: async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await registerSubscription(app.db, caller, request.body);
      return reply.status(201).send({ data: { endPoint: request.body.endPoint } });
    },
    unregisterPushSubscription: async (request) => {
      await unregisterSubscription(app.db, me(request).id, request.body.endPoint);
      return { data: { endPoint: request.body.endPoint } };
    },
  });
}
