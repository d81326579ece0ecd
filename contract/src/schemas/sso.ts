// Sign-in with a company identity provider over OpenID Connect (issue 19, ADR 034), and the administrators'
// setting of where password sign-in is still allowed.
import { z } from 'zod';
import { MSG } from '../messages';
import { isAppPath, type PasswordSignIn } from '../sso';

/** A provider's configuration key as it appears in the address (`/v1/auth/sso/keycloak/start`). */
export const SSO_PROVIDER_KEY = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const ssoProviderParam = z.object({
  provider: z.string().regex(SSO_PROVIDER_KEY, MSG.invalidInput),
});

export const ssoStartQuery = z.object({
  returnTo: z
    .string()
    .max(500, MSG.invalidInput)
    .refine(isAppPath, MSG.invalidInput)
    .optional()
    .describe('The app path to open after signing in; only paths of this app'),
});

/**
 * The provider's answer (authorization response) as it arrives in the address. Loose: a provider may add
 * parameters of its own (`session_state`), and the callback reads the whole address with openid-client.
 */
export const ssoCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const ssoProvider = z.object({ key: z.string(), label: z.string() });
export type SsoProvider = z.infer<typeof ssoProvider>;

/** A domain as typed by an administrator: `group.example` (no @, lower-cased). */
const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(1, MSG.invalidInput)
      .max(253, MSG.invalidInput)
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, MSG.ssoDomainInvalid),
  );

/**
 * Where password sign-in is allowed: everywhere unless `allowed` is false (then only identity providers
 * sign anybody in), and never for addresses of `ssoOnlyDomains` (those must use a provider).
 */
export const passwordSignInSetting = z.strictObject({
  allowed: z.boolean(),
  ssoOnlyDomains: z.array(domainField).max(50, MSG.invalidInput),
});
export type PasswordSignInSetting = PasswordSignIn;
/** The setting as answered (answers are serialised, not parsed: no transforms in them). */
export const passwordSignInView = z.object({ allowed: z.boolean(), ssoOnlyDomains: z.array(z.string()) });
export const DEFAULT_PASSWORD_SIGN_IN: PasswordSignInSetting = { allowed: true, ssoOnlyDomains: [] };

/** What the login, register and forgot-password pages need before anybody signs in. */
export const ssoProvidersResult = z.object({
  providers: z.array(ssoProvider),
  passwordSignIn: passwordSignInView,
});
export type SsoProvidersResult = z.infer<typeof ssoProvidersResult>;

/** Hand-off of a finished provider sign-in for a session; the secret travels as an httpOnly cookie. */
export const ssoSessionBody = z.object({ remember: z.boolean().optional() });
