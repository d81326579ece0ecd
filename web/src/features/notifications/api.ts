// The bell's API hooks (product.md section 7, Notifications): the list with the unviewed count, viewing one
// and Clear All. Both mutations update the cached list at once and put it back when the call fails; the
// failure is shown with the server's message (product.md section 8). The notification centre's history and
// the preferences (issue 18) are in history-api.ts and preferences-api.ts.
import { type NotificationList, notificationsEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { toastError } from '../../lib/notify';
import { markAllViewed, markViewed } from './notification-logic';
import { notificationKeys, notificationsQuery } from './queries';

/** The newest notifications; the live stream (use-live-count.ts) keeps it fresh. */
export function useNotifications(enabled = true) {
  return useQuery(notificationsQuery(enabled));
}

function useOptimisticList<V>(
  mutationFn: (vars: V) => Promise<unknown>,
  update: (list: NotificationList, vars: V) => NotificationList,
) {
  const queryClient = useQueryClient();
  const key = notificationsQuery().queryKey;
  return useMutation({
    mutationFn,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationList>(key);
      if (previous) queryClient.setQueryData(key, update(previous, vars));
      return { previous };
    },
    onError: (err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(err);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        // The notification centre's pages show the same notifications.
        queryClient.invalidateQueries({ queryKey: notificationKeys.histories() }),
      ]),
  });
}

export function useViewNotification() {
  return useOptimisticList(
    (notificationId: number) => call(notificationsEndpoints.viewNotification, { body: { notificationId } }),
    (list, id) => markViewed(list, id),
  );
}

export function useViewAllNotifications() {
  return useOptimisticList(
    (_: undefined) => call(notificationsEndpoints.viewAllNotifications, { body: {} }),
    (list) => markAllViewed(list),
  );
}
