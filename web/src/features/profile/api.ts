// The logged-in user's own profile: counts, profile update and avatar upload (SPEC section 7).
import {
  LIMITS,
  type UpdateProfileBody,
  type UpdateProfileResult,
  type User,
  type UserActions,
} from '@hearth/contract';
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
    mutationFn: (body: UpdateProfileBody) =>
      api.post<UpdateProfileResult>('/v1/api/users/update-profile', body),
    onSuccess: ({ pendingEmail: _pending, message: _message, ...user }) => {
      // The top bar shows the first name from the stored session: keep it current. `email` is still the
      // saved address: a new one waits for its confirmation link.
      updateSession({ firstName: user.firstName, lastName: user.lastName, email: user.email });
      queryClient.setQueryData<User>(userKeys.one(user.id), user);
    },
  });
}

/** Opens the link mailed to a new address (public: the link may be opened in another browser). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ message: string }>('/v1/auth/confirm-email-change', { token }, { auth: false }),
    // A logged-in user's profile shows the new address at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
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
