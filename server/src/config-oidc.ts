// The identity providers staff sign in with (issue 19, docs/sso.md), read from the environment that
// config.ts hands over: OIDC_PROVIDERS names them, and each name's OIDC_<NAME>_* settings describe one.
// Checked at boot like every other setting: a missing or bad value stops the server with its name.
import { ROLE } from '@hearth/contract';

export type OidcProviderConfig = {
  /** The name in OIDC_PROVIDERS and in the addresses (`/v1/auth/sso/<key>/callback`). */
  key: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** The login page's button says "Sign in with <label>". */
  label: string;
  /** Claims whose value (a text or a list) names a Hearth location / department group. */
  locationClaim?: string;
  departmentClaim?: string;
  /** The claim holding the user's groups at the provider, and which of them make which Hearth role. */
  roleClaim?: string;
  roleMap: Record<string, number>;
};

const KEY = /^[a-z0-9][a-z0-9-]{0,31}$/;
const CLAIM = /^[A-Za-z0-9_:./-]{1,200}$/;
const ROLE_IDS = new Set<number>(Object.values(ROLE));

/** `keycloak` -> `OIDC_KEYCLOAK_`; `entra-id` -> `OIDC_ENTRA_ID_`. */
export const envPrefix = (key: string) => `OIDC_${key.toUpperCase().replace(/-/g, '_')}_`;

/** http: only for a provider on this machine (development, tests); anything else must be https:. */
function issuerProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    return 'must be an https:// URL (http:// only for localhost)';
  if (url.search || url.hash) return 'must have no query or fragment';
  return undefined;
}

/** `hearth-admins=1,hearth-post-managers=3` -> { 'hearth-admins': 1, ... }. */
function parseRoleMap(text: string, problem: (msg: string) => void): Record<string, number> {
  const map: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.lastIndexOf('=');
    const name = part.slice(0, eq).trim();
    const role = Number(part.slice(eq + 1).trim());
    if (eq <= 0 || !name || !ROLE_IDS.has(role)) {
      problem(`"${part}" must be <group>=<role id>, with a role id of ${[...ROLE_IDS].join(', ')}`);
      continue;
    }
    map[name] = role;
  }
  return map;
}

/** The providers, and the problems found (`[setting, message]`), which config.ts reports with the rest. */
export function readOidcProviders(env: Record<string, string | undefined>): {
  providers: OidcProviderConfig[];
  problems: [string, string][];
} {
  const problems: [string, string][] = [];
  const keys = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  const providers: OidcProviderConfig[] = [];
  const seen = new Set<string>();
  for (const key of keys) {
    if (!KEY.test(key)) {
      problems.push(['OIDC_PROVIDERS', `"${key}" must be letters, digits and dashes (at most 32)`]);
      continue;
    }
    if (seen.has(key)) {
      problems.push(['OIDC_PROVIDERS', `"${key}" is named twice`]);
      continue;
    }
    seen.add(key);
    const prefix = envPrefix(key);
    const read = (name: string) => env[prefix + name]?.trim() || undefined;
    const required = (name: string) => {
      const value = read(name);
      if (!value) problems.push([prefix + name, `is required for provider "${key}"`]);
      return value ?? '';
    };
    const claim = (name: string) => {
      const value = read(name);
      if (value && !CLAIM.test(value)) problems.push([prefix + name, 'must be a claim name']);
      return value;
    };
    const issuer = required('ISSUER');
    const bad = issuer ? issuerProblem(issuer) : undefined;
    if (bad) problems.push([`${prefix}ISSUER`, bad]);
    const scopes = read('SCOPES') ?? 'openid email profile';
    if (!scopes.split(/\s+/).includes('openid')) problems.push([`${prefix}SCOPES`, 'must include openid']);
    const roleClaim = claim('ROLE_CLAIM');
    const roleMapText = read('ROLE_MAP');
    if (roleMapText && !roleClaim)
      problems.push([`${prefix}ROLE_MAP`, `needs ${prefix}ROLE_CLAIM (the claim that holds the groups)`]);
    providers.push({
      key,
      issuer: issuer.replace(/\/$/, ''),
      clientId: required('CLIENT_ID'),
      clientSecret: required('CLIENT_SECRET'),
      scopes,
      label: read('LABEL') ?? key.charAt(0).toUpperCase() + key.slice(1),
      locationClaim: claim('LOCATION_CLAIM'),
      departmentClaim: claim('DEPARTMENT_CLAIM'),
      roleClaim,
      roleMap: parseRoleMap(roleMapText ?? '', (msg) => problems.push([`${prefix}ROLE_MAP`, msg])),
    });
  }
  return { providers, problems };
}
