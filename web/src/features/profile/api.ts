// The logged-in user's own profile: counts, profile update and avatar upload (product.md section 7).
import { authEndpoints, LIMITS, profileEndpoints, type UpdateProfileBody, type User } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { updateSession } from '../../lib/session';
import { userKeys, userQuery } from '../../shared/people/user-query';
import { groupsChangeableFromQuery, userActionsQuery } from './queries';

export function useUserActions(enabled = true) {
  return useQuery(userActionsQuery(enabled));
}

/**
 * When the user may next change their own location or department (ADR 037), as the last save answered it:
 * known after a save in this page load, else undefined (nothing reads it from the server by itself).
 */
export function useGroupsChangeableFrom(userId: number): string | null | undefined {
  return useQuery(groupsChangeableFromQuery(userId)).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => call(profileEndpoints.updateProfile, { body }),
    onSuccess: ({ pendingEmail: _pending, message: _message, groupsChangeableFrom, ...user }) => {
      // The top bar shows the first name from the stored session: keep it current. `email` is still the
      // saved address: a new one waits for its confirmation link.
      updateSession({ firstName: user.firstName, lastName: user.lastName, email: user.email });
      queryClient.setQueryData<User>(userQuery(user.id).queryKey, user);
      queryClient.setQueryData(groupsChangeableFromQuery(user.id).queryKey, groupsChangeableFrom);
    },
  });
}

/** Opens the link mailed to a new address (public: the link may be opened in another browser). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(authEndpoints.confirmEmailChange, { body: { token } }),
    // A logged-in user's profile shows the new address at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUploadProfileImage(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { base64: string; filename: string }) =>
      call(profileEndpoints.uploadProfileImage, { body }, { timeoutMs: LIMITS.uploadTimeoutMs }),
    onSuccess: (result) => {
      updateSession({ profileImage: result.payload.url });
      if (userId) void queryClient.invalidateQueries({ queryKey: userKeys.one(userId) });
    },
  });
}
