// The notifications' query options (ADR 046), one factory per query: the bell's list, the notification
// centre's history and the preferences. The hooks (api.ts, history-api.ts, preferences-api.ts), the live
// count (use-live-count.ts) and the route loaders (loaders.ts) use the same key and options.
import { notificationsEndpoints } from '@hearth/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { JUST_ASKED_MS } from '../../lib/query-helpers';
import { type HistoryFilters, historyQuery } from './history-filters';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  /** Every cached history of the notification centre, whatever its filters. */
  histories: () => ['notifications', 'history'] as const,
};

/** The newest notifications; the live stream (use-live-count.ts) keeps it fresh. */
export const notificationsQuery = (enabled = true) =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => call(notificationsEndpoints.listNotifications, undefined, { signal }),
    enabled,
  });

/** The notification centre's history, a page at a time ("Load more"). */
export const notificationHistoryQuery = (filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: [...notificationKeys.histories(), filters] as const,
    queryFn: ({ pageParam, signal }) =>
      call(
        notificationsEndpoints.listNotificationHistory,
        { query: historyQuery(filters, pageParam) },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
    // A new filter keeps the list before it on screen until its first page is in.
    placeholderData: keepPreviousData,
    // Asked afresh on every visit: a notification opened elsewhere (its post, the bell) is read by now.
    // The route loader's request is then followed by the page's own when it was answered before the page
    // mounted; a list that is right matters more here than one request.
    staleTime: 0,
  });

export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'preferences'] as const,
    queryFn: ({ signal }) => call(notificationsEndpoints.getNotificationPreferences, undefined, { signal }),
    staleTime: JUST_ASKED_MS,
  });
