// A post's reach (issue 18): its numbers (the query's options are queries.ts), and the CSV of who has not
// acknowledged it.
import { fillPath, reachEndpoints } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { postReachQuery } from './queries';

export function usePostReach(id: number) {
  return useQuery(postReachQuery(id));
}

/** Where the not-acknowledged CSV comes from (downloaded with the token by lib/download.ts). */
export const notAcknowledgedCsvPath = (id: number) =>
  fillPath(reachEndpoints.downloadNotAcknowledgedCsv.path, { id });
