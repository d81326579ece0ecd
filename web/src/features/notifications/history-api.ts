// The notification centre's API hooks (issue 18): the history a page at a time ("Load more"), and marking
// one read or unread, or all read. Each mark changes the cached pages and the bell's list at once, puts them
// back when the call fails (showing the server's message), and then refreshes the bell's list, so its count
// follows. The page's own list is not reloaded after a mark: a notification read under "Unread" stays on
// screen (marked read) until the list is next loaded, so it can be marked unread again.
import { type NotificationHistory, type NotificationList, notificationsEndpoints } from '@hearth/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { toastError } from '../../lib/notify';
import type { HistoryFilters } from './history-filters';
import { allViewedInPages, setViewedInPages } from './history-logic';
import { markAllViewed, markUnviewed, markViewed } from './notification-logic';
import { notificationHistoryQuery, notificationKeys, notificationsQuery } from './queries';

type Pages = InfiniteData<NotificationHistory, string>;

export function useNotificationHistory(filters: HistoryFilters) {
  return useInfiniteQuery(notificationHistoryQuery(filters));
}

type Snapshot = { histories: [readonly unknown[], Pages | undefined][]; list: NotificationList | undefined };

/** Applies a change to every cached history and the bell's list, and says how to put them back. */
async function change(
  queryClient: QueryClient,
  pages: (data: Pages | undefined) => Pages | undefined,
  list: (list: NotificationList) => NotificationList,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  const snapshot: Snapshot = {
    histories: queryClient.getQueriesData<Pages>({ queryKey: notificationKeys.histories() }),
    list: queryClient.getQueryData<NotificationList>(notificationsQuery().queryKey),
  };
  queryClient.setQueriesData<Pages>({ queryKey: notificationKeys.histories() }, pages);
  if (snapshot.list) queryClient.setQueryData(notificationsQuery().queryKey, list(snapshot.list));
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  if (!snapshot) return;
  for (const [key, data] of snapshot.histories) queryClient.setQueryData(key, data);
  if (snapshot.list) queryClient.setQueryData(notificationsQuery().queryKey, snapshot.list);
}

/** Marks one read (`viewed: true`, the view endpoint) or unread (the unview endpoint). */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, viewed }: { id: number; viewed: boolean }): Promise<void> => {
      const body = { notificationId: id };
      if (viewed) await call(notificationsEndpoints.viewNotification, { body });
      else await call(notificationsEndpoints.unviewNotification, { body });
    },
    onMutate: ({ id, viewed }) =>
      change(
        queryClient,
        (data) => setViewedInPages(data, id, viewed),
        (list) => (viewed ? markViewed(list, id) : markUnviewed(list, id)),
      ),
    onError: (err, _vars, snapshot) => {
      restore(queryClient, snapshot);
      toastError(err);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
        // Other filters' pages are out of date: loaded afresh when shown, not now.
        queryClient.invalidateQueries({ queryKey: notificationKeys.histories(), refetchType: 'none' }),
      ]),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsEndpoints.viewAllNotifications, { body: {} }),
    onMutate: () => change(queryClient, allViewedInPages, markAllViewed),
    onError: (err, _vars, snapshot) => {
      restore(queryClient, snapshot);
      toastError(err);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
