// Company key statistics as a query's options (ADR 046): the pages' hook (api.ts) and their route loaders
// (loaders.ts) use the same key and options.
import { statsEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export const keyStatsQuery = () =>
  queryOptions({ queryKey: ['statistics'] as const, queryFn: () => call(statsEndpoints.getStatistics) });
