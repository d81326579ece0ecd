// Login, registration, e-mail links, token refresh and logout (SPEC section 7, Auth). All are public: they
// are how a session begins or ends. Login reads a basic-auth header and refresh-token the refresh token as
// bearer; the route checks those itself.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  emailBody,
  group,
  loginQuery,
  logoutBody,
  refreshResult,
  registerBody,
  registerResult,
  sessionProfile,
  setPasswordBody,
  tokenBody,
} from '../schemas/auth';
import { envelope, errorBody, limitQuery, messageResult } from '../schemas/common';

const tag = 'auth';

/**
 * Outside /v1/api nothing adds 401 and 403 for a route: the calls that take credentials, a link or an
 * address list them, with the conflict and throttle answers, as they always have.
 */
const refusals = { 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/v1/auth/login',
    access: 'public',
    tag,
    summary: 'Log in with a basic-auth header (e-mail:password); answers the session profile',
    credentials: 'basic',
    query: loginQuery,
    responses: { 200: envelope(sessionProfile), ...refusals },
  }),
  register: endpoint({
    method: 'POST',
    path: '/v1/auth/register',
    access: 'public',
    tag,
    body: registerBody,
    responses: { 201: envelope(registerResult), ...refusals },
  }),
  listRegisterGroups: endpoint({
    method: 'GET',
    path: '/v1/auth/register-groups',
    access: 'public',
    tag,
    query: limitQuery,
    responses: { 200: envelope(z.array(group)) },
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/v1/auth/resend-verification',
    access: 'public',
    tag,
    body: emailBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/v1/auth/verify-email',
    access: 'public',
    tag,
    body: tokenBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/v1/auth/confirm-email-change',
    access: 'public',
    tag,
    summary: 'Open the link mailed to a new e-mail address: the account takes that address',
    body: tokenBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/v1/auth/reset-password',
    access: 'public',
    tag,
    body: emailBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  checkResetToken: endpoint({
    method: 'POST',
    path: '/v1/auth/check-reset-token',
    access: 'public',
    tag,
    summary:
      'Whether a password reset link can still be used (spends nothing), so the page can say so on opening',
    body: tokenBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  setPasswordWithLink: endpoint({
    method: 'POST',
    path: '/v1/auth/set-password',
    access: 'public',
    tag,
    body: setPasswordBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: '/v1/auth/refresh-token',
    access: 'public',
    tag,
    summary: 'Rotate a refresh token (sent as bearer); a reused token revokes its whole family',
    credentials: 'bearer',
    responses: { 200: envelope(refreshResult), ...refusals },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    access: 'public',
    tag,
    body: logoutBody,
    responses: { 200: envelope(messageResult), ...refusals },
  }),
};
