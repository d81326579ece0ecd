// Company key statistics (product.md section 7, Statistics).
import { type KeyStatsUpdate, statsEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

const statsKey = ['statistics'] as const;

export function useKeyStats() {
  return useQuery({ queryKey: statsKey, queryFn: () => call(statsEndpoints.getStatistics) });
}

export function useUpdateKeyStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: KeyStatsUpdate & { id: number }) =>
      call(statsEndpoints.updateStatistics, { params: { id }, body }),
    onSuccess: (stats) => queryClient.setQueryData(statsKey, stats),
  });
}
