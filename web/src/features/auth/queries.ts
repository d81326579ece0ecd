// The logged-out pages' query options (ADR 046), one factory per query: the hooks (api.ts) and the route
// loaders (loaders.ts) use the same key and options. The sign-in options are shared/account/.
import { authEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';

/** The registration form's location and department options. */
export const registerGroupsQuery = () =>
  queryOptions({
    queryKey: ['register-groups'] as const,
    queryFn: () => call(authEndpoints.listRegisterGroups, { query: { limit: -1 } }),
    staleTime: 5 * 60_000,
  });

/**
 * Whether a reset link can still be used, asked when the page opens (nothing is spent): a bogus or used
 * link says so at once instead of after the new password was typed. Not retried: a 400 is the answer.
 */
export const resetLinkCheckQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token] as const,
    queryFn: () => call(authEndpoints.checkResetToken, { body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
