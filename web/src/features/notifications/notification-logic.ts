// Pure rules of the notification bell (product.md section 2, Menus): where a notification leads, its type
// label, the bell's accessible name, the cached list after viewing and the reconnect delay of the live stream.
import {
  type Notification,
  type NotificationList,
  type NotificationType,
  notificationPath,
} from '@hearth/contract';

/** The page a notification opens (one rule with web push: the contract's `notificationPath`). */
export const notificationTarget = notificationPath;

/** One name per type, the same in the bell, the notification centre and the preferences (issue 18). */
export const TYPE_LABEL: Record<NotificationType, string> = {
  FEED_POST: 'Post published',
  COMMUNITY_POST: 'Community post',
  SURVEY: 'Survey',
  COMMENT: 'Mention',
  ACK_REMINDER: 'Acknowledgement reminder',
};

/** The order types are listed in (filters, preferences): as the issue names them. */
export const TYPE_ORDER: readonly NotificationType[] = [
  'FEED_POST',
  'COMMENT',
  'COMMUNITY_POST',
  'ACK_REMINDER',
  'SURVEY',
];

export const TYPE_COLOR: Record<NotificationType, string> = {
  FEED_POST: 'blue',
  COMMUNITY_POST: 'purple',
  SURVEY: 'gold',
  COMMENT: 'green',
  ACK_REMINDER: 'red',
};

/** The bell button's accessible name, e.g. "Notifications, 3 unviewed". */
export function bellLabel(unviewed: number): string {
  const count = Math.max(0, Math.floor(unviewed || 0));
  return count === 0 ? 'Notifications, none unviewed' : `Notifications, ${count} unviewed`;
}

/** The list after one notification was viewed: that item flagged, the count down by one if it was new. */
export function markViewed(list: NotificationList, id: number): NotificationList {
  let changed = false;
  const notifications = list.notifications.map((n) => {
    if (n.id !== id || n.viewed) return n;
    changed = true;
    return { ...n, viewed: true };
  });
  return changed ? { notifications, unviewed: Math.max(0, list.unviewed - 1) } : list;
}

/** The list after one notification was marked unread again: that item flagged, the count up by one. */
export function markUnviewed(list: NotificationList, id: number): NotificationList {
  let changed = false;
  const notifications = list.notifications.map((n) => {
    if (n.id !== id || !n.viewed) return n;
    changed = true;
    return { ...n, viewed: false };
  });
  return changed ? { notifications, unviewed: list.unviewed + 1 } : list;
}

/** The list after Clear All: every item viewed, nothing unviewed. */
export function markAllViewed(list: NotificationList): NotificationList {
  return {
    notifications: list.notifications.map((n) => (n.viewed ? n : { ...n, viewed: true })),
    unviewed: 0,
  };
}

/**
 * The list after a live event: the server's count, and the new notification on top when it is not
 * already listed (the list is refetched afterwards anyway).
 */
export function applyEvent(
  list: NotificationList | undefined,
  event: { unviewed: number; notification?: Notification },
): NotificationList | undefined {
  if (!list) return list;
  const incoming = event.notification;
  const notifications =
    incoming && !list.notifications.some((n) => n.id === incoming.id)
      ? [incoming, ...list.notifications]
      : list.notifications;
  return { notifications, unviewed: Math.max(0, event.unviewed) };
}

/** Reconnect delay after the stream ended or failed: 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}
