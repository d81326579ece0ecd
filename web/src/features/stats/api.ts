// Company key statistics (product.md section 7, Statistics); the query's options are queries.ts.
import { type KeyStatsUpdate, statsEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { keyStatsQuery } from './queries';

export function useKeyStats() {
  return useQuery(keyStatsQuery());
}

export function useUpdateKeyStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: KeyStatsUpdate & { id: number }) =>
      call(statsEndpoints.updateStatistics, { params: { id }, body }),
    onSuccess: (stats) => queryClient.setQueryData(keyStatsQuery().queryKey, stats),
  });
}
