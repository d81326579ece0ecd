// All groups (locations, departments, teams) for the selects of logged-in forms.
import { usersEndpoints } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export const groupsQuery = () =>
  queryOptions({
    queryKey: ['groups'] as const,
    queryFn: () => call(usersEndpoints.listGroups, { query: { limit: -1 } }),
    staleTime: 5 * 60_000,
  });

export function useGroups() {
  return useQuery(groupsQuery());
}
