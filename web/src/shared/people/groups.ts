// All groups (locations, departments, teams) for the selects of logged-in forms.
import { usersEndpoints } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export function useGroups() {
  return useQuery({
    queryKey: ['groups'],
    queryFn: () => call(usersEndpoints.listGroups, { query: { limit: -1 } }),
    staleTime: 5 * 60_000,
  });
}
