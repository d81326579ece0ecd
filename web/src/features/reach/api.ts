// A post's reach (issue 18): its numbers, and the CSV of who has not acknowledged it.
import { fillPath, reachEndpoints } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { validId } from '../../lib/query-helpers';

export const reachKeys = { post: (id: number) => ['post-reach', id] as const };

export function usePostReach(id: number) {
  return useQuery({
    queryKey: reachKeys.post(id),
    queryFn: ({ signal }) => call(reachEndpoints.getPostReach, { params: { id } }, { signal }),
    enabled: validId(id),
    // A refusal (403, 404) is final; reach moves slowly, a minute-old copy is fine when coming back.
    retry: false,
    staleTime: 60_000,
  });
}

/** Where the not-acknowledged CSV comes from (downloaded with the token by lib/download.ts). */
export const notAcknowledgedCsvPath = (id: number) =>
  fillPath(reachEndpoints.downloadNotAcknowledgedCsv.path, { id });
