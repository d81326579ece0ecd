// User administration calls (SPEC section 7, Users and profile) for role 1, plus the single-user read that
// the profile pages share.
import type { AdminUserCreate, AdminUserUpdate, Role, User } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const userKeys = {
  all: ['users'] as const,
  list: () => ['users', 'all'] as const,
  one: (id: number) => ['users', id] as const,
};

export function useUser(id: number | undefined) {
  return useQuery({
    queryKey: userKeys.one(id ?? 0),
    queryFn: () => api.get<User>(`/v1/api/users/${id}`),
    enabled: id !== undefined && id > 0,
  });
}

export function useAllUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: () => api.get<User[]>('/v1/api/users/all', { limit: -1 }),
  });
}

export function useRoles() {
  return useQuery({
    queryKey: ['roles'],
    queryFn: () => api.get<Role[]>('/v1/api/roles'),
    staleTime: 10 * 60_000,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreate) => api.post<User>('/v1/api/users', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => api.put<User>(`/v1/api/users/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
