// Company key statistics (SPEC section 7, Statistics).
import type { KeyStats, KeyStatsUpdate } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const statsKey = ['statistics'] as const;

export function useKeyStats() {
  return useQuery({ queryKey: statsKey, queryFn: () => api.get<KeyStats>('/v1/api/statistics') });
}

export function useUpdateKeyStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: KeyStatsUpdate & { id: number }) =>
      api.put<KeyStats>(`/v1/api/statistics/${id}`, body),
    onSuccess: (stats) => queryClient.setQueryData(statsKey, stats),
  });
}
