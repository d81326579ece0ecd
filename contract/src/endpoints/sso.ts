// Sign-in with a company identity provider (issue 19, ADR 034): the providers the login page offers, the
// redirect to a provider and its answer (browser navigations, not API calls: they answer redirects), the
// hand-off of a finished sign-in for a session, and the administrators' password sign-in setting.
import { z } from 'zod';
import { get, post, put, ROLES, tagged } from '../endpoint';
import { sessionProfile } from '../schemas/auth';
import { envelope, errorBody, ok } from '../schemas/common';
import {
  passwordSignInSetting,
  passwordSignInView,
  ssoCallbackQuery,
  ssoProviderParam,
  ssoProvidersResult,
  ssoSessionBody,
  ssoStartQuery,
} from '../schemas/sso';

/** A redirect: the `Location` header says where; the body is empty text. */
const redirect = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

export const ssoEndpoints = tagged('sso', {
  listSsoProviders: get({
    path: '/v1/auth/sso/providers',
    access: 'public',
    summary: 'The identity providers to sign in with, and where password sign-in is allowed',
    responses: ok(ssoProvidersResult),
  }),
  startSso: get({
    path: '/v1/auth/sso/:provider/start',
    access: 'public',
    summary: 'Opened by the browser: redirects to the provider to sign in (code flow, PKCE, state, nonce)',
    params: ssoProviderParam,
    query: ssoStartQuery,
    responses: {
      302: redirect('To the provider, or to the app page that explains why not'),
      404: errorBody.describe('No provider has this key'),
    },
  }),
  ssoCallback: get({
    path: '/v1/auth/sso/:provider/callback',
    access: 'public',
    summary: "The provider's answer: redirects to /sso/complete with a hand-off cookie, or to /sso/error",
    params: ssoProviderParam,
    query: ssoCallbackQuery,
    responses: { 302: redirect('To /sso/complete or /sso/error?reason=...') },
  }),
  ssoSession: post({
    path: '/v1/auth/sso/session',
    access: 'public',
    summary: 'Trade the hand-off cookie of a finished provider sign-in (once, within a minute) for a session',
    body: ssoSessionBody,
    responses: { 200: envelope(sessionProfile), 401: errorBody, 403: errorBody },
  }),
  getPasswordSignIn: get({
    path: '/v1/api/settings/password-sign-in',
    access: ROLES.admins,
    responses: ok(passwordSignInView),
  }),
  updatePasswordSignIn: put({
    path: '/v1/api/settings/password-sign-in',
    access: ROLES.admins,
    body: passwordSignInSetting,
    responses: ok(passwordSignInView),
  }),
});
