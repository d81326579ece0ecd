// /v1/api/notifications: the bell's list, viewing, the live count (Server-Sent Events), and the web push
// subscription calls of SPEC section 7 (/users/register-notification, kept here with the rest of the
// feature). Everyone reads and marks only their own notifications: a `userId` naming someone else is 403.

import type { ServerResponse } from 'node:http';
import {
  envelope,
  errorBody,
  notificationList,
  notificationStreamQuery,
  notificationsQuery,
  registerNotificationBody,
  unregisterNotificationBody,
  viewAllBody,
  viewNotificationBody,
} from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyKnownRole, expiryOf, me } from '../../platform/auth/guards';
import { assertSelf } from '../feed/caller';
import {
  listNotifications,
  registerSubscription,
  unregisterSubscription,
  unviewedCount,
  viewAll,
  viewNotification,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['notifications'];
/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/** EventSource cannot send headers: the stream also takes the access token as `?access_token=`. */
async function tokenFromQuery(request: FastifyRequest): Promise<void> {
  const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
  if (!request.headers.authorization && typeof token === 'string' && token.length > 0)
    request.headers.authorization = `Bearer ${token}`;
}

export async function notificationRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();
  /** Other tabs of the user follow their count after a view. */
  const changed = (userId: number) => app.events.publish({ userIds: [userId] }).catch(() => {});
  /** Open streams, ended before the server closes (it would otherwise wait for them). */
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's newest 50 notifications and the unviewed count",
        querystring: notificationsQuery,
        response: { 200: envelope(notificationList), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.query.userId);
      return { data: await listNotifications(app.db, caller.id) };
    },
  );

  app.post(
    '/notifications/view',
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications viewed; answers the new list',
        body: viewNotificationBody,
        response: { 200: envelope(notificationList), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await viewNotification(app.db, caller.id, request.body.notificationId);
      await changed(caller.id);
      return { data: await listNotifications(app.db, caller.id) };
    },
  );

  app.post(
    '/notifications/view-all',
    {
      schema: {
        tags,
        summary: 'Marks all the caller’s notifications viewed (Clear All); answers the new list',
        body: viewAllBody,
        response: { 200: envelope(notificationList), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await viewAll(app.db, caller.id);
      await changed(caller.id);
      return { data: await listNotifications(app.db, caller.id) };
    },
  );

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary:
          'Server-Sent Events: `data: {"unviewed": n}` at once and whenever it changes; ends when the token expires',
        querystring: notificationStreamQuery,
        response: { ...errors },
      },
      onRequest: [tokenFromQuery, ...anyKnownRole()],
    },
    async (request, reply) => {
      const caller = me(request);
      const token = request.headers.authorization?.slice(7).trim() ?? '';
      const expiresAt = expiryOf(token);
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
        return;
      }
      const unsubscribe = app.events.subscribe((msg) => {
        if (msg.userIds.includes(caller.id)) void send();
      });
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const expiry =
        expiresAt === null ? undefined : setTimeout(() => raw.end(), Math.max(0, expiresAt - Date.now()));
      const close = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
      };
      raw.on('close', close);
      streams.add(raw);
      raw.on('close', () => streams.delete(raw));
    },
  );

  app.get(
    '/notifications/vapid-public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
        response: { 200: z.object({ publicKey: z.string() }), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async () => ({ publicKey: app.push.publicKey }),
  );

  app.post(
    '/users/register-notification',
    {
      schema: {
        tags,
        summary: "Stores the caller's web push subscription (one per browser endpoint)",
        body: registerNotificationBody,
        response: { 201: envelope(z.object({ endPoint: z.string() })), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request, reply) => {
      const caller = me(request);
      assertSelf(caller, request.body.userId);
      await registerSubscription(app.db, caller.id, request.body);
      return reply.status(201).send({ data: { endPoint: request.body.endPoint } });
    },
  );

  app.delete(
    '/users/register-notification',
    {
      schema: {
        tags,
        summary: "Removes the caller's web push subscription of that endpoint (logging out)",
        body: unregisterNotificationBody,
        response: { 200: envelope(z.object({ endPoint: z.string() })), ...errors },
      },
      onRequest: anyKnownRole(),
    },
    async (request) => {
      await unregisterSubscription(app.db, me(request).id, request.body.endPoint);
      return { data: { endPoint: request.body.endPoint } };
    },
  );
}
