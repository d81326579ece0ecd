// All groups (locations, departments, teams) for the selects of logged-in forms.
import type { Group } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useGroups() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: () => api.get<Group[]>('/v1/api/groups', { limit: -1 }),
    staleTime: 5 * 60_000,
  });
}
