// The identity providers' settings (issue 19, docs/sso.md): read from OIDC_PROVIDERS and OIDC_<NAME>_*,
// and a bad or missing one stops the start with its name.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = { NODE_ENV: 'test' as const, SEED_DEMO: '0' };

describe('OIDC provider settings', () => {
  it('has none by default', () => {
    expect(loadConfig(base).oidcProviders).toEqual([]);
  });

  it('reads each named provider, with defaults for scopes and label', () => {
    const config = loadConfig({
      ...base,
      OIDC_PROVIDERS: 'keycloak, entra-id',
      OIDC_KEYCLOAK_ISSUER: 'https://sso.example.com/realms/staff/',
      OIDC_KEYCLOAK_CLIENT_ID: 'hearth',
      OIDC_KEYCLOAK_CLIENT_SECRET: 's3cret',
      OIDC_KEYCLOAK_LOCATION_CLAIM: 'office',
      OIDC_KEYCLOAK_ROLE_CLAIM: 'groups',
      OIDC_KEYCLOAK_ROLE_MAP: 'hearth-admins=1, hearth-post-managers=3',
      OIDC_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
      OIDC_ENTRA_ID_CLIENT_ID: 'abc',
      OIDC_ENTRA_ID_CLIENT_SECRET: 'def',
      OIDC_ENTRA_ID_LABEL: 'Microsoft',
      OIDC_ENTRA_ID_SCOPES: 'openid email profile offline_access',
    });
    expect(config.oidcProviders).toEqual([
      {
        key: 'keycloak',
        issuer: 'https://sso.example.com/realms/staff',
        clientId: 'hearth',
        clientSecret: 's3cret',
        scopes: 'openid email profile',
        label: 'Keycloak',
        locationClaim: 'office',
        departmentClaim: undefined,
        roleClaim: 'groups',
        roleMap: { 'hearth-admins': 1, 'hearth-post-managers': 3 },
      },
      expect.objectContaining({
        key: 'entra-id',
        label: 'Microsoft',
        scopes: 'openid email profile offline_access',
      }),
    ]);
  });

  it('names every bad or missing setting', () => {
    let message = '';
    try {
      loadConfig({
        ...base,
        OIDC_PROVIDERS: 'okta,Bad Key,okta',
        OIDC_OKTA_ISSUER: 'http://okta.example.com',
        OIDC_OKTA_SCOPES: 'email',
        OIDC_OKTA_ROLE_MAP: 'admins=9',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('OIDC_OKTA_ISSUER: must be an https:// URL');
    expect(message).toContain('OIDC_OKTA_CLIENT_ID: is required');
    expect(message).toContain('OIDC_OKTA_CLIENT_SECRET: is required');
    expect(message).toContain('OIDC_OKTA_SCOPES: must include openid');
    expect(message).toContain('OIDC_OKTA_ROLE_MAP: needs OIDC_OKTA_ROLE_CLAIM');
    expect(message).toContain('OIDC_OKTA_ROLE_MAP: "admins=9" must be <group>=<role id>');
    expect(message).toContain('OIDC_PROVIDERS: "bad key"');
    expect(message).toContain('OIDC_PROVIDERS: "okta" is named twice');
  });

  it('takes http: only for a provider on this machine', () => {
    const local = (issuer: string) => ({
      ...base,
      OIDC_PROVIDERS: 'dev',
      OIDC_DEV_ISSUER: issuer,
      OIDC_DEV_CLIENT_ID: 'a',
      OIDC_DEV_CLIENT_SECRET: 'b',
    });
    expect(loadConfig(local('http://localhost:8080/realms/dev')).oidcProviders[0]?.issuer).toBe(
      'http://localhost:8080/realms/dev',
    );
    expect(() => loadConfig(local('http://10.0.0.5/realms/dev'))).toThrow(/OIDC_DEV_ISSUER/);
    expect(() => loadConfig(local('https://idp.example/?x=1'))).toThrow(/no query/);
  });
});
