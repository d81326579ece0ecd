// Notifications (product.md section 7, Notifications): the bell's list, viewing, the live count (Server-Sent
// Events) and the web push subscription calls. Everyone reads and marks only their own notifications.
import { z } from 'zod';
import { del, get, post, put, ROLES, tagged } from '../endpoint';
import { envelope, errorBody, messageResult, ok } from '../schemas/common';
import {
  notificationHistory,
  notificationHistoryQuery,
  notificationList,
  notificationPreferences,
  notificationStreamQuery,
  notificationsQuery,
  registerNotificationBody,
  streamTicket,
  unregisterNotificationBody,
  unsubscribeBody,
  unviewNotificationBody,
  viewAllBody,
  viewNotificationBody,
} from '../schemas/notifications';

const subscribed = envelope(z.object({ endPoint: z.string() }));

export const notificationsEndpoints = tagged('notifications', {
  listNotifications: get({
    path: '/v1/api/notifications',
    access: ROLES.known,
    summary: "The caller's newest 50 notifications and the unviewed count",
    query: notificationsQuery,
    responses: ok(notificationList),
  }),
  viewNotification: post({
    path: '/v1/api/notifications/view',
    access: ROLES.known,
    summary: 'Marks one of the caller’s notifications viewed; answers the new list',
    body: viewNotificationBody,
    responses: ok(notificationList),
  }),
  viewAllNotifications: post({
    path: '/v1/api/notifications/view-all',
    access: ROLES.known,
    summary: 'Marks all the caller’s notifications viewed (Clear All); answers the new list',
    body: viewAllBody,
    responses: ok(notificationList),
  }),
  listNotificationHistory: get({
    path: '/v1/api/notifications/history',
    access: ROLES.known,
    summary:
      "The caller's notification history, newest first: all or unread, one type or every; keyset pages",
    query: notificationHistoryQuery,
    responses: ok(notificationHistory),
  }),
  unviewNotification: post({
    path: '/v1/api/notifications/unview',
    access: ROLES.known,
    summary: 'Marks one of the caller’s notifications unread again',
    body: unviewNotificationBody,
    responses: ok(messageResult),
  }),
  getNotificationPreferences: get({
    path: '/v1/api/notifications/preferences',
    access: ROLES.known,
    summary: "The caller's channels per notification type, e-mail digest, quiet hours and time zone",
    responses: ok(notificationPreferences),
  }),
  saveNotificationPreferences: put({
    path: '/v1/api/notifications/preferences',
    access: ROLES.known,
    summary: "Saves the caller's notification preferences (every type sent; answers them as stored)",
    body: notificationPreferences,
    responses: ok(notificationPreferences),
  }),
  unsubscribeDigest: post({
    path: '/v1/api/notifications/unsubscribe',
    access: 'public',
    summary: "Turns off the e-mail digest of the token's user (the digest's link; no login)",
    body: unsubscribeBody,
    responses: ok(messageResult),
  }),
  createNotificationStreamTicket: post({
    path: '/v1/api/notifications/stream-ticket',
    access: ROLES.known,
    summary:
      'A single-use ticket for GET /notifications/stream?ticket=..., good for 30 seconds (EventSource cannot send headers)',
    responses: ok(streamTicket),
  }),
  streamNotifications: get({
    path: '/v1/api/notifications/stream',
    // Opened with a ticket instead of the bearer token: the server's route options say how.
    access: ROLES.known,
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
  getVapidPublicKey: get({
    path: '/v1/api/notifications/vapid-public-key',
    access: ROLES.known,
    summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
    // Not in the envelope: the answer has always been the bare object.
    responses: { 200: z.object({ publicKey: z.string() }) },
  }),
  registerPushSubscription: post({
    path: '/v1/api/users/register-notification',
    access: ROLES.known,
    summary: "Stores the caller's web push subscription (one per browser endpoint)",
    body: registerNotificationBody,
    // 409: the endpoint is another user's, or the caller has as many subscriptions as allowed.
    responses: { 201: subscribed, 409: errorBody },
  }),
  unregisterPushSubscription: del({
    path: '/v1/api/users/register-notification',
    access: ROLES.known,
    summary: "Removes the caller's web push subscription of that endpoint (logging out)",
    body: unregisterNotificationBody,
    responses: { 200: subscribed },
  }),
});
