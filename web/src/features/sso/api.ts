// The company sign-in's calls (issue 19): the hand-off of a finished provider sign-in, and the
// administrators' password sign-in setting.
import { type PasswordSignIn, ssoEndpoints } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { SIGN_IN_OPTIONS_KEY } from '../../shared/account/sign-in-options';
import { passwordSignInSettingQuery } from './queries';

/** Trades the httpOnly hand-off cookie (sent by the browser, same origin) for a session. */
export const takeSsoSession = (remember: boolean) => call(ssoEndpoints.ssoSession, { body: { remember } });

export function usePasswordSignInSetting() {
  return useQuery(passwordSignInSettingQuery());
}

export function useSavePasswordSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordSignIn) => call(ssoEndpoints.updatePasswordSignIn, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(passwordSignInSettingQuery().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: SIGN_IN_OPTIONS_KEY });
    },
  });
}
