// The statistics pages' route loaders (ADR 046): both show (or edit) the key statistics.
import { prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { keyStatsQuery } from './queries';

export const statsLoaders: RouteLoaders = {
  stats: ({ queryClient }) => prefetch(queryClient, keyStatsQuery()),
  editStats: ({ queryClient }) => prefetch(queryClient, keyStatsQuery()),
};
