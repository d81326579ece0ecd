// Notifications: the bell's list and count, viewing, and web push subscriptions
// (product.md sections 3 and 7).
import { z } from 'zod';
import { DIGEST_FREQUENCIES } from '../constants';
import { MSG } from '../messages';
import { NOTIFICATION_TYPES } from '../notification-path';
import { dbId, textId } from './common';

export const notification = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The survey, feed post or community post; for COMMENT the post carrying the comment. */
  objectId: z.number(),
  /** For COMMENT: whether that post is a community post (the web opens /communities/post/{id}). */
  isCommunityPost: z.boolean(),
  /**
   * For a COMMENT made on a community's discussion board: the community (objectId is then the community id
   * too, not a post); the web opens the community. Absent otherwise.
   */
  communityId: z.number().optional(),
  title: z.string(),
  sentAt: z.string(),
  viewed: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

/** The newest notifications (at most 50) and the count of unviewed ones. */
export const notificationList = z.object({ notifications: z.array(notification), unviewed: z.number() });
export type NotificationList = z.infer<typeof notificationList>;

export const notificationsQuery = z.object({ userId: textId.optional() });
export const viewNotificationBody = z.object({ userId: dbId.optional(), notificationId: dbId });
export const viewAllBody = z.object({ userId: dbId.optional() });

/**
 * POST /users/register-notification: a browser's push subscription (the names of product.md section 3), as
 * PushSubscription.toJSON() gives it: `mkey` the P-256 public key (65 bytes, base64url), `authSecret` the
 * 16-byte auth secret (base64url). The server also checks the key is a point of the curve, and that the
 * endpoint is https on a public address (else 400 pushEndpointRefused).
 */
export const registerNotificationBody = z.object({
  endPoint: z.string().url().max(2000),
  mkey: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/),
  authSecret: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  userId: dbId.optional(),
});
export const unregisterNotificationBody = z.object({ endPoint: z.string().url().max(2000) });

/** What the live stream (SSE) sends: the new unviewed count, and the notification when one arrived. */
export const notificationEvent = z.object({ unviewed: z.number(), notification: notification.optional() });
export type NotificationEvent = z.infer<typeof notificationEvent>;

/**
 * GET /notifications/stream: EventSource cannot send headers, so a browser authenticates with a single-use
 * `ticket` from POST /notifications/stream-ticket (never a bearer token in the URL, which logs and proxies
 * record); other clients may send the Authorization header. `once` ends after the count.
 */
export const notificationStreamQuery = z.object({
  ticket: z.string().max(200).optional(),
  once: z.enum(['1']).optional(),
});

/** POST /notifications/stream-ticket: a ticket for one stream, good once within 30 seconds. */
export const streamTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export type StreamTicket = z.infer<typeof streamTicket>;

// ---- The notification centre and preferences (issue 18) ----

/** GET /notifications/history: the full history, newest first, unread only or all, of one type or every. */
export const notificationHistoryQuery = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  type: z.enum(NOTIFICATION_TYPES).optional(),
  next: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationHistory = z.object({
  notifications: z.array(notification),
  /** The cursor of the page after, null on the last. */
  next: z.string().nullable(),
  unviewed: z.number(),
});
export type NotificationHistory = z.infer<typeof notificationHistory>;

/** POST /notifications/unview: marks one of the caller's notifications unread again. */
export const unviewNotificationBody = z.object({ notificationId: dbId });

/** One type's channels. */
export const notificationChannels = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  inApp: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
});
export type NotificationChannels = z.infer<typeof notificationChannels>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.quietHoursInvalid);

/**
 * The caller's notification preferences: channels per type (every type answered, defaults filled in), the
 * e-mail digest, and quiet hours for push in their time zone (an IANA name such as Europe/Berlin).
 */
export const notificationPreferences = z.object({
  channels: z.array(notificationChannels),
  digest: z.enum(DIGEST_FREQUENCIES),
  quietHours: z.object({ start: clock, end: clock }).nullable(),
  timeZone: z.string().min(1, MSG.timeZoneInvalid).max(64, MSG.timeZoneInvalid),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** POST /notifications/unsubscribe: the signed token of a digest's link; no login. */
export const unsubscribeBody = z.object({ token: z.string().min(1).max(500) });
