// A post's reach (issue 18) as a query's options (ADR 046): the page's hook (api.ts) and its route loader
// (loaders.ts) use the same key and options.
import { reachEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { validId } from '../../lib/query-helpers';

export const reachKeys = { post: (id: number) => ['post-reach', id] as const };

export const postReachQuery = (id: number) =>
  queryOptions({
    queryKey: reachKeys.post(id),
    queryFn: ({ signal }) => call(reachEndpoints.getPostReach, { params: { id } }, { signal }),
    enabled: validId(id),
    // A refusal (403, 404) is final; reach moves slowly, a minute-old copy is fine when coming back.
    retry: false,
    staleTime: 60_000,
  });
