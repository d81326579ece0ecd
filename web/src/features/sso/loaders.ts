// The company sign-in's route loaders (ADR 046). The hand-off page (/sso/complete) has none: it spends a
// single-use cookie, which only the page may do; the error page asks nothing.
import { prefetch } from '../../lib/query-helpers';
import type { RouteLoaders } from '../../lib/route-loader';
import { signInOptionsQuery } from '../../shared/account/sign-in-options';
import { passwordSignInSettingQuery } from './queries';

export const ssoLoaders: RouteLoaders = {
  passwordSignIn: ({ queryClient }) => {
    prefetch(queryClient, passwordSignInSettingQuery());
    prefetch(queryClient, signInOptionsQuery());
  },
};
