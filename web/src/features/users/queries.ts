// User administration's query options (ADR 046), one factory per query: the hooks (api.ts) and the route
// loaders (loaders.ts) use the same key and options. One user's record is shared/people/user-query.ts.
import { type User, usersEndpoints } from '@hearth/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import type { PeopleFilterValues } from '../../shared/people/filter-values';
import { userKeys } from '../../shared/people/user-query';

/** The admin list's search and filters (issue 17); the list answers every user that matches them. */
export type UserListFilters = PeopleFilterValues & { roleId?: number };

export const allUsersQuery = (filters: UserListFilters = { q: '' }) =>
  queryOptions({
    queryKey: [...userKeys.list(), filters] as const,
    queryFn: ({ signal }) =>
      call(
        usersEndpoints.listUsers,
        {
          query: {
            limit: -1,
            ...(filters.q ? { q: filters.q } : {}),
            ...(filters.locationId ? { locationId: String(filters.locationId) } : {}),
            ...(filters.departmentId ? { departmentId: String(filters.departmentId) } : {}),
            ...(filters.roleId ? { roleId: String(filters.roleId) } : {}),
          },
        },
        { signal },
      ) as Promise<User[]>, // without startString the answer is the admin list's full records
    placeholderData: keepPreviousData,
  });

export const rolesQuery = () =>
  queryOptions({
    queryKey: ['roles'] as const,
    queryFn: () => call(usersEndpoints.listRoles),
    staleTime: 10 * 60_000,
  });
