// The sign-in through an identity provider (issue 19, ADR 034): authorization code flow with PKCE (S256),
// state and nonce, through openid-client, which checks the id token's issuer, audience, signature, expiry
// and nonce. The provider's tokens are used here and dropped: only Hearth's own session is kept.
import { timingSafeEqual } from 'node:crypto';
import { PATHS } from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config-oidc';
import { forgetUser } from '../../platform/auth/guards';
import { oidcClient } from '../../platform/auth/oidc-clients';
import { hashToken, newOpaqueToken } from '../../platform/auth/opaque-tokens';
import { ATTEMPT_SECONDS, HANDOFF_SECONDS, readyHandoff, recordAttempt, takeAttempt } from './attempts';
import type { Claims } from './claims';
import { callbackPath, HANDOFF_COOKIE, HANDOFF_PATH, readCookie, STATE_COOKIE, setCookie } from './cookies';
import { queueProviderPicture } from './provider-picture';
import { provisionUser } from './provision';
import { failed, redirectTo } from './redirect';

const secure = (app: FastifyInstance) => app.config.publicUrl.startsWith('https:');
const redirectUri = (app: FastifyInstance, provider: OidcProviderConfig) =>
  `${app.config.publicUrl}${callbackPath(provider.key)}`;

/** Records the attempt, binds this browser to it by a cookie, and sends the browser to the provider. */
export async function startSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  provider: OidcProviderConfig,
  returnTo: string,
) {
  let configuration: client.Configuration;
  try {
    configuration = await oidcClient(provider);
  } catch (err) {
    app.log.warn({ err, provider: provider.key }, 'identity provider discovery failed');
    return failed(reply, 'provider_unavailable');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await recordAttempt(app.db, { state, provider: provider.key, nonce, codeVerifier, returnTo });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(app, provider),
    scope: provider.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  setCookie(reply, STATE_COOKIE, state, {
    path: callbackPath(provider.key),
    maxAgeSeconds: ATTEMPT_SECONDS,
    secure: secure(app),
  });
  return redirectTo(reply, url.toString());
}

/** Equal texts, compared in constant time (by their hashes, which have one length). */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(Buffer.from(hashToken(a)), Buffer.from(hashToken(b)));

/**
 * The provider's answer. Whatever happens the state cookie is spent; on success the browser gets the
 * hand-off cookie and goes to /sso/complete, otherwise to /sso/error with a short reason.
 */
export async function finishSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OidcProviderConfig,
  query: { state?: string; error?: string },
) {
  const cookieState = readCookie(request, STATE_COOKIE);
  setCookie(reply, STATE_COOKIE, '', {
    path: callbackPath(provider.key),
    maxAgeSeconds: 0,
    secure: secure(app),
  });
  const state = query.state;
  if (!state || !cookieState || !sameSecret(state, cookieState)) return failed(reply, 'invalid_state');
  const attempt = await takeAttempt(app.db, state, provider.key);
  if (!attempt.ok) return failed(reply, attempt.reason);
  // The provider refused or the user cancelled there (the attempt is spent all the same).
  if (query.error) return failed(reply, 'provider_error');

  let claims: Claims & { sub: string };
  try {
    const configuration = await oidcClient(provider);
    const tokens = await client.authorizationCodeGrant(
      configuration,
      new URL(request.url, app.config.publicUrl),
      {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedNonce: attempt.nonce,
        expectedState: state,
        idTokenExpected: true,
      },
    );
    const idClaims = tokens.claims();
    if (!idClaims) return failed(reply, 'token_rejected');
    // Groups and the e-mail's verification are often only in userinfo; the id token's claims win.
    const extra = configuration.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      : {};
    claims = { ...extra, ...idClaims };
  } catch (err) {
    // Signature, issuer, audience, expiry, nonce, a spent code: openid-client says which in the log.
    app.log.warn(
      {
        err: {
          name: (err as Error).name,
          message: (err as Error).message,
          code: (err as { code?: string }).code,
        },
        provider: provider.key,
      },
      'identity provider answer refused',
    );
    return failed(reply, 'token_rejected');
  }

  const secret = newOpaqueToken();
  let outcome: Awaited<ReturnType<typeof provisionUser>>;
  try {
    outcome = await app.db.transaction(async (tx) => {
      const result = await provisionUser(tx, provider, claims);
      if (result.ok) await readyHandoff(tx, attempt.stateHash, result.userId, secret);
      return result;
    });
  } catch (err) {
    // Two first sign-ins of one person at once, say: the browser gets a page, not a JSON error.
    request.log.error({ err, provider: provider.key }, 'company sign-in could not be recorded');
    return failed(reply, 'failed');
  }
  if (!outcome.ok) return failed(reply, outcome.reason);
  // Role, name and groups may have changed: this instance reads the user's row again.
  forgetUser(outcome.userId);
  // After the commit, as a job: the picture never slows or breaks the sign-in (provider-picture.ts).
  await queueProviderPicture(app, outcome.userId, claims);
  setCookie(reply, HANDOFF_COOKIE, secret, {
    path: HANDOFF_PATH,
    maxAgeSeconds: HANDOFF_SECONDS,
    secure: secure(app),
  });
  const next =
    attempt.returnTo && attempt.returnTo !== '/' ? `?next=${encodeURIComponent(attempt.returnTo)}` : '';
  return redirectTo(reply, `${PATHS.ssoComplete}${next}`);
}
