// What the web needs of the company sign-in (issue 19) without zod, so the login page stays light
// (schemas/sso.ts holds the schemas).

/** Where password sign-in is allowed (the administrators' setting). */
export type PasswordSignIn = { allowed: boolean; ssoOnlyDomains: string[] };

/** A path of this app (`/surveys/3?x=1`): never `//host`, `/\host` or a scheme, so no open redirect. */
export function isAppPath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    ![...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  );
}

/** Short codes of `/sso/error?reason=`; the page says each in words. */
export const SSO_ERROR_REASONS = [
  'unknown_provider',
  'provider_unavailable',
  'provider_error',
  'invalid_state',
  'expired',
  'token_rejected',
  'no_email',
  'unverified_email',
  'deactivated',
  'failed',
] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];

/** True when password sign-in is off for `email` under `setting`. */
export function passwordSignInBlocked(setting: PasswordSignIn, email: string): boolean {
  if (!setting.allowed) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return setting.ssoOnlyDomains.includes(domain);
}
