// The company sign-in (issue 19) as the logged-out pages see it: the identity providers to offer, and
// where password sign-in is off (then those pages say to use the provider instead).
import { type PasswordSignIn, passwordSignInBlocked, ssoEndpoints } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, endpointUrl } from '../../lib/endpoint-client';

export const SIGN_IN_OPTIONS_KEY = ['sign-in-options'] as const;

/** The sign-in options' query (ADR 046): the pages' hook and their route loaders use it. */
export const signInOptionsQuery = () =>
  queryOptions({
    queryKey: SIGN_IN_OPTIONS_KEY,
    queryFn: () => call(ssoEndpoints.listSsoProviders),
    staleTime: 60_000,
  });

export function useSignInOptions() {
  return useQuery(signInOptionsQuery());
}

/** The address that starts a provider sign-in, coming back to `returnTo` (an app path) afterwards. */
export function ssoStartUrl(provider: string, returnTo?: string | null): string {
  return endpointUrl(ssoEndpoints.startSso, {
    params: { provider },
    ...(returnTo ? { query: { returnTo } } : {}),
  });
}

/** "Corp ID", "Corp ID or Okta": how the pages name the providers in a sentence. */
export const providerNames = (providers: readonly { label: string }[]) =>
  providers.map((p) => p.label).join(' or ');

/** True when password sign-in is off for what is typed (an address, or nothing yet when off everywhere). */
export function passwordOffFor(setting: PasswordSignIn | undefined, email: string): boolean {
  if (!setting) return false;
  if (!setting.allowed) return true;
  const typed = email.trim().toLowerCase();
  return typed.includes('@') && passwordSignInBlocked(setting, typed);
}

/**
 * The login page's "Remember me", kept across the trip to the provider (the hand-off page reads it once):
 * sessionStorage, because the trip stays in this tab.
 */
const REMEMBER_KEY = 'hearth.sso.remember';
export function keepSsoRemember(remember: boolean): void {
  try {
    window.sessionStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
  } catch {
    // Storage off: the session then lasts 12 hours, as without remember-me.
  }
}
export function takeSsoRemember(): boolean {
  try {
    const value = window.sessionStorage.getItem(REMEMBER_KEY);
    window.sessionStorage.removeItem(REMEMBER_KEY);
    return value === '1';
  } catch {
    return false;
  }
}
