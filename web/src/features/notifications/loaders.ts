// The notification pages' route loaders (ADR 046): the centre's first page for the filters in its address
// (read as the page reads them, history-filters.ts), and the preferences. The digest's unsubscribe page asks
// nothing: it spends its link's token, which only the page may do.
import { prefetch, prefetchInfinite } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { filtersFrom } from './history-filters';
import { notificationHistoryQuery, notificationPreferencesQuery } from './queries';

export const notificationsLoaders: RouteLoaders = {
  notifications: ({ search, queryClient }) =>
    prefetchInfinite(queryClient, notificationHistoryQuery(filtersFrom(search))),
  notificationPreferences: ({ queryClient }) => prefetch(queryClient, notificationPreferencesQuery()),
};
