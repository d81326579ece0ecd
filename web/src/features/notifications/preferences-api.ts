// Notification preferences and the digest's unsubscribe link (issue 18, ADR 033).
import { type NotificationPreferences, notificationsEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { notificationPreferencesQuery } from './queries';

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery());
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      call(notificationsEndpoints.saveNotificationPreferences, { body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferencesQuery().queryKey, saved),
  });
}

/** The digest's link: no login, the token from the link's fragment. */
export function useUnsubscribeDigest() {
  return useMutation({
    mutationFn: (token: string) => call(notificationsEndpoints.unsubscribeDigest, { body: { token } }),
  });
}
