// Auth calls (product.md section 7, Auth) as TanStack Query mutations. Logging out is logout.ts: the login
// page's code (its JS budget, e2e/tests/budget.spec.ts) does not carry it nor the push code it needs.
import { authEndpoints, type RegisterBody } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { saveSession } from '../../lib/session';
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
