// The logged-in user's own profile: counts, profile update and avatar upload (SPEC section 7).
import { LIMITS, type UpdateProfileBody, type User, type UserActions } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { updateSession } from '../../app/session';
import { api } from '../../lib/api';
import { userKeys } from '../users/api';

export function useUserActions(enabled = true) {
  return useQuery({
    queryKey: ['users', 'actions'],
    queryFn: () => api.get<UserActions>('/v1/api/users/actions'),
    enabled,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.post<User>('/v1/api/users/update-profile', body),
    onSuccess: (user) => {
      // The top bar shows the first name from the stored session: keep it current.
      updateSession({ firstName: user.firstName, lastName: user.lastName, email: user.email });
      queryClient.setQueryData(userKeys.one(user.id), user);
    },
  });
}

type UploadResult = { fileId: number; payload: { url: string } };

export function useUploadProfileImage(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { base64: string; filename: string }) =>
      api.post<UploadResult>('/v1/api/users/profile-image', body, { timeoutMs: LIMITS.uploadTimeoutMs }),
    onSuccess: (result) => {
      updateSession({ profileImage: result.payload.url });
      if (userId) void queryClient.invalidateQueries({ queryKey: userKeys.one(userId) });
    },
  });
}
