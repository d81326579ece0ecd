// User administration calls (product.md section 7, Users and profile) for role 1; the single-user read that
// the profile pages share is in shared/people/user-query.ts.
import { type AdminUserCreate, type AdminUserUpdate, type User, usersEndpoints } from '@hearth/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import type { PeopleFilterValues } from '../../shared/people/people-filters';
import { userKeys } from '../../shared/people/user-query';

/** The admin list's search and filters (issue 17); the list answers every user that matches them. */
export type UserListFilters = PeopleFilterValues & { roleId?: number };

export function useAllUsers(filters: UserListFilters = { q: '' }) {
  return useQuery({
    queryKey: [...userKeys.list(), filters],
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
}

export function useRoles() {
  return useQuery({
    queryKey: ['roles'],
    queryFn: () => call(usersEndpoints.listRoles),
    staleTime: 10 * 60_000,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreate) => call(usersEndpoints.createUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => call(usersEndpoints.updateUser, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
