// User administration calls (product.md section 7, Users and profile) for role 1; the single-user read that
// the profile pages share is in lib/user-query.ts.
import { type AdminUserCreate, type AdminUserUpdate, usersEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { userKeys } from '../../lib/user-query';

export function useAllUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: () => call(usersEndpoints.listAllUsers, { query: { limit: -1 } }),
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
