// The single-user read that the user administration and the profile pages share, and the users' query keys.
import { usersEndpoints } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'all'] as const,
  one: (id: number) => ['users', id] as const,
};

export const userQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: userKeys.one(id ?? 0),
    queryFn: () => call(usersEndpoints.getUser, { params: { id: id ?? 0 } }),
    enabled: id !== undefined && id > 0,
  });

export function useUser(id: number | undefined) {
  return useQuery(userQuery(id));
}
