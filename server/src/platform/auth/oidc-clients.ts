// The OpenID Connect client of each configured identity provider (issue 19, ADR 034): the provider's
// discovery document read once per process and kept, through openid-client. Here, below the features,
// because both the sign-in (features/sso) and logout (features/auth) need it.
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config-oidc';

const configurations = new Map<string, Promise<client.Configuration>>();

/**
 * The provider's configuration, discovered on first use. A failed discovery is forgotten, so the next
 * sign-in tries again rather than failing until a restart.
 */
export function oidcClient(provider: OidcProviderConfig): Promise<client.Configuration> {
  const cacheKey = `${provider.issuer} ${provider.clientId}`;
  let found = configurations.get(cacheKey);
  if (!found) {
    const insecure = new URL(provider.issuer).protocol === 'http:';
    found = client
      .discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretBasic(provider.clientSecret),
        // http: is allowed by config-oidc.ts only for a provider on this machine (development, tests).
        {
          timeout: 10,
          // Token-endpoint id tokens are checked against the provider's keys too, not only trusted for TLS.
          execute: [...(insecure ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
        },
      )
      .catch((err: unknown) => {
        configurations.delete(cacheKey);
        throw err;
      });
    configurations.set(cacheKey, found);
  }
  return found;
}

/**
 * Where the browser goes to end the provider's session too (RP-initiated logout), or undefined when the
 * provider does not offer it or cannot be reached now (logging out of Hearth goes on regardless).
 * No id token is kept, so there is no id_token_hint: the provider may ask the user to confirm.
 */
export async function endSessionUrl(
  provider: OidcProviderConfig,
  postLogoutRedirectUri: string,
): Promise<string | undefined> {
  try {
    const configuration = await oidcClient(provider);
    if (!configuration.serverMetadata().end_session_endpoint) return undefined;
    return client
      .buildEndSessionUrl(configuration, {
        client_id: provider.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      })
      .toString();
  } catch {
    return undefined;
  }
}
