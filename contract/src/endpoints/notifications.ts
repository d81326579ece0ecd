// Notifications (product.md section 7, Notifications): the bell's list, viewing, the live count (Server-Sent
// Events) and the web push subscription calls. Everyone reads and marks only their own notifications.
import { z } from 'zod';
import { endpoint, ROLES } from '../endpoint';
import { envelope, errorBody } from '../schemas/common';
import {
  notificationList,
  notificationStreamQuery,
  notificationsQuery,
  registerNotificationBody,
  streamTicket,
  unregisterNotificationBody,
  viewAllBody,
  viewNotificationBody,
} from '../schemas/notifications';

const tag = 'notifications';
const subscribed = envelope(z.object({ endPoint: z.string() }));

export const notificationsEndpoints = {
  listNotifications: endpoint({
    method: 'GET',
    path: '/v1/api/notifications',
    access: ROLES.known,
    tag,
    summary: "The caller's newest 50 notifications and the unviewed count",
    query: notificationsQuery,
    responses: { 200: envelope(notificationList) },
  }),
  viewNotification: endpoint({
    method: 'POST',
    path: '/v1/api/notifications/view',
    access: ROLES.known,
    tag,
    summary: 'Marks one of the caller’s notifications viewed; answers the new list',
    body: viewNotificationBody,
    responses: { 200: envelope(notificationList) },
  }),
  viewAllNotifications: endpoint({
    method: 'POST',
    path: '/v1/api/notifications/view-all',
    access: ROLES.known,
    tag,
    summary: 'Marks all the caller’s notifications viewed (Clear All); answers the new list',
    body: viewAllBody,
    responses: { 200: envelope(notificationList) },
  }),
  createNotificationStreamTicket: endpoint({
    method: 'POST',
    path: '/v1/api/notifications/stream-ticket',
    access: ROLES.known,
    tag,
    summary:
      'A single-use ticket for GET /notifications/stream?ticket=..., good for 30 seconds (EventSource cannot send headers)',
    responses: { 200: envelope(streamTicket) },
  }),
  streamNotifications: endpoint({
    method: 'GET',
    path: '/v1/api/notifications/stream',
    // Opened with a ticket instead of the bearer token: the server's route options say how.
    access: ROLES.known,
    tag,
    summary:
      'Server-Sent Events: `data: {"unviewed": n}` at once and whenever it changes; ends with its session or after 15 minutes',
    query: notificationStreamQuery,
    responses: {
      200: {
        description: 'Server-Sent Events: `data: {"unviewed": n}` lines and `: heartbeat` comments',
        content: { 'text/event-stream': { schema: z.string() } },
      },
    },
  }),
  getVapidPublicKey: endpoint({
    method: 'GET',
    path: '/v1/api/notifications/vapid-public-key',
    access: ROLES.known,
    tag,
    summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
    // Not in the envelope: the answer has always been the bare object.
    responses: { 200: z.object({ publicKey: z.string() }) },
  }),
  registerPushSubscription: endpoint({
    method: 'POST',
    path: '/v1/api/users/register-notification',
    access: ROLES.known,
    tag,
    summary: "Stores the caller's web push subscription (one per browser endpoint)",
    body: registerNotificationBody,
    // 409: the endpoint is another user's, or the caller has as many subscriptions as allowed.
    responses: { 201: subscribed, 409: errorBody },
  }),
  unregisterPushSubscription: endpoint({
    method: 'DELETE',
    path: '/v1/api/users/register-notification',
    access: ROLES.known,
    tag,
    summary: "Removes the caller's web push subscription of that endpoint (logging out)",
    body: unregisterNotificationBody,
    responses: { 200: subscribed },
  }),
};
