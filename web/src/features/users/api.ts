// User administration calls (product.md section 7, Users and profile) for role 1; the single-user read that
// the profile pages share is in shared/people/user-query.ts.
import { type AdminUserCreate, type AdminUserUpdate, usersEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { userKeys } from '../../shared/people/user-query';
import { allUsersQuery, rolesQuery, type UserListFilters } from './queries';

export function useAllUsers(filters: UserListFilters = { q: '' }) {
  return useQuery(allUsersQuery(filters));
}

export function useRoles() {
  return useQuery(rolesQuery());
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
