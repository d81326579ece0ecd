// The logged-out pages' route loaders (ADR 046): the sign-in options (which providers to offer, and where
// password sign-in is off), the registration form's groups, and whether a reset link can still be used.
// The e-mail verification link spends its token, which only its page may do: it has no loader.
import { prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { signInOptionsQuery } from '../../shared/account/sign-in-options';
import { registerGroupsQuery, resetLinkCheckQuery } from './queries';

/** The reset link's token (?token=), '' when the address has none (then nothing is asked). */
export const resetToken = (search: URLSearchParams) => search.get('token') ?? '';

export const authLoaders: RouteLoaders = {
  login: ({ queryClient }) => prefetch(queryClient, signInOptionsQuery()),
  register: ({ queryClient }) => {
    prefetch(queryClient, registerGroupsQuery());
    prefetch(queryClient, signInOptionsQuery());
  },
  forgotPassword: ({ queryClient }) => prefetch(queryClient, signInOptionsQuery()),
  resetPassword: ({ search, queryClient }) => prefetch(queryClient, resetLinkCheckQuery(resetToken(search))),
};
