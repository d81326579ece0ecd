// Pure rules of the notification centre (/notifications, issue 18): the empty text, and the cached pages
// after marking read or unread. The filters and the history request are history-filters.ts.
import type { NotificationHistory } from '@hearth/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { HistoryFilter } from './history-filters';

export function emptyText(filter: HistoryFilter): string {
  return filter === 'unread' ? 'No unread notifications' : 'No notifications';
}

type Pages = InfiniteData<NotificationHistory, string>;

/**
 * The cached pages after one notification was marked read (`viewed`) or unread: the item flagged and the
 * count moved by one, only when it changed. The item stays where it is, also under "Unread", so a wrong
 * click can be undone on the spot; the list is filtered again when it is next loaded.
 */
export function setViewedInPages(data: Pages | undefined, id: number, viewed: boolean): Pages | undefined {
  if (!data) return data;
  const listed = data.pages.some((p) => p.notifications.some((n) => n.id === id && n.viewed !== viewed));
  if (!listed) return data;
  const step = viewed ? -1 : 1;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unviewed: Math.max(0, page.unviewed + step),
      notifications: page.notifications.map((n) => (n.id === id ? { ...n, viewed } : n)),
    })),
  };
}

/** The cached pages after "Mark all as read". */
export function allViewedInPages(data: Pages | undefined): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unviewed: 0,
      notifications: page.notifications.map((n) => (n.viewed ? n : { ...n, viewed: true })),
    })),
  };
}
