// Auth calls (product.md section 7, Auth) as TanStack Query mutations.
import { authEndpoints, type RegisterBody } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setLoggingOut } from '../../lib/api';
import { call } from '../../lib/endpoint-client';
import { disablePush } from '../../lib/push';
import { clearSession, currentProfile, saveSession } from '../../lib/session';
import { registerGroupsQuery, resetLinkCheckQuery } from './queries';

/** Basic auth of product.md section 7; UTF-8 safe, unlike a bare btoa of the text. */
function basicAuth(email: string, password: string): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

export type LoginInput = { email: string; password: string; remember: boolean };

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, password, remember }: LoginInput) =>
      call(
        authEndpoints.login,
        { query: { remember: remember ? 'true' : 'false' } },
        { headers: { Authorization: basicAuth(email.trim(), password) } },
      ),
    onSuccess: (profile, { remember }) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      saveSession(profile, remember);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const profile = currentProfile();
      if (!profile) return undefined;
      setLoggingOut(true);
      // While the token is still valid: the browser stops receiving this user's pushes (never throws).
      await disablePush();
      // Best effort: the session ends in this browser even when the server cannot be told.
      return call(
        authEndpoints.logout,
        { body: { refreshToken: profile.refreshToken } },
        { headers: { Authorization: `Bearer ${profile.accessToken}` } },
      ).catch(() => undefined);
    },
    onSettled: (answer) => {
      // Signed in through the company's provider: end its session too; it comes back to /login (issue 19).
      // Logging out stays set: this page is left, and nothing else may send the browser elsewhere.
      if (answer?.endSessionUrl) {
        clearSession();
        queryClient.clear();
        window.location.assign(answer.endSessionUrl);
        return;
      }
      navigate('/login', { replace: true });
      clearSession();
      queryClient.clear();
      setLoggingOut(false);
    },
  });
}

export function useRegisterGroups() {
  return useQuery(registerGroupsQuery());
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => call(authEndpoints.register, { body }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => call(authEndpoints.resendVerification, { body: { email } }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => call(authEndpoints.requestPasswordReset, { body: { email } }),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => call(authEndpoints.verifyEmail, { body: { token } }),
  });
}

/** Whether a reset link can still be used (resetLinkCheckQuery), asked when the page opens. */
export function useResetLinkCheck(token: string) {
  return useQuery(resetLinkCheckQuery(token));
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      call(authEndpoints.setPasswordWithLink, { body }),
  });
}
