// The administrators' password sign-in setting (issue 19) as a query's options (ADR 046): the page's hook
// (api.ts) and its route loader (loaders.ts) use the same key and options.
import { ssoEndpoints } from '@hearth/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/endpoint-client';
import { JUST_ASKED_MS } from '../../lib/query-helpers';

export const passwordSignInSettingQuery = () =>
  queryOptions({
    queryKey: ['settings', 'password-sign-in'] as const,
    queryFn: () => call(ssoEndpoints.getPasswordSignIn),
    staleTime: JUST_ASKED_MS,
  });
