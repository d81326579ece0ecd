// What Hearth takes from a provider's claims (issue 19, docs/sso.md "Claim mapping"): pure functions, so
// the rules read in one place. The claims are those of the validated id token, completed by the userinfo
// answer when the provider has one.
import { ROLE } from '@hearth/contract';
import type { OidcProviderConfig } from '../../config-oidc';

export type Claims = Record<string, unknown>;

/** A claim as a list of texts: a text, a list of texts, or nothing (anything else is ignored). */
export function claimValues(claims: Claims, name: string | undefined): string[] {
  if (!name) return [];
  const value = claims[name];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  return [];
}

const text = (value: unknown, max: number) =>
  typeof value === 'string'
    ? value
        .replace(/\p{Cc}/gu, '')
        .trim()
        .slice(0, max)
    : '';

/** given_name and family_name, else `name` split at its last space, else the e-mail's local part. */
export function namesOf(claims: Claims, email: string): { firstName: string; lastName: string } {
  const given = text(claims.given_name, 100);
  const family = text(claims.family_name, 100);
  if (given || family) return { firstName: given || family, lastName: given ? family : '' };
  const whole = text(claims.name, 200);
  const space = whole.lastIndexOf(' ');
  if (space > 0)
    return { firstName: whole.slice(0, space).slice(0, 100), lastName: whole.slice(space + 1).slice(0, 100) };
  if (whole) return { firstName: whole.slice(0, 100), lastName: '' };
  return { firstName: email.slice(0, email.indexOf('@')).slice(0, 100), lastName: '' };
}

/** The e-mail address, lower-cased, when the claims hold one that looks like an address. */
export function emailOf(claims: Claims): string | undefined {
  const email = text(claims.email, 254).toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

/** Some providers send `"true"` as text; anything else (absent, false) is not a verified address. */
export const emailVerified = (claims: Claims) =>
  claims.email_verified === true || claims.email_verified === 'true';

/** The strongest role the role map gives the user's groups; no match is staff. */
const PRIORITY = [ROLE.ADMIN, ROLE.EDITOR, ROLE.STAFF];

/**
 * The Hearth role the claims give, or undefined when the provider has no role claim configured (then a new
 * user is staff and an existing user keeps the role an administrator gave them).
 */
export function roleOf(claims: Claims, provider: OidcProviderConfig): number | undefined {
  if (!provider.roleClaim) return undefined;
  const granted = new Set(
    claimValues(claims, provider.roleClaim)
      .map((group) => provider.roleMap[group])
      .filter((r): r is number => r !== undefined),
  );
  return PRIORITY.find((role) => granted.has(role)) ?? ROLE.STAFF;
}
