// Login, registration, e-mail links, token refresh and logout (product.md section 7, Auth). All are public:
// they are how a session begins or ends. Login reads a basic-auth header and refresh-token the refresh token
// as bearer; the route checks those itself.
import { z } from 'zod';
import { get, post, tagged } from '../endpoint';
import {
  emailBody,
  group,
  loginQuery,
  logoutBody,
  logoutResult,
  refreshResult,
  registerBody,
  registerResult,
  sessionProfile,
  setPasswordBody,
  tokenBody,
} from '../schemas/auth';
import { envelope, errorBody, limitQuery, messageResult, ok } from '../schemas/common';

/**
 * Outside /v1/api nothing adds 401 and 403 for a route: the calls that take credentials, a link or an
 * address list them, with the conflict and throttle answers, as they always have.
 */
const refusals = { 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
/** What the calls that mail, read a link or end a session answer. */
const messageOrRefusal = { 200: envelope(messageResult), ...refusals };

export const authEndpoints = tagged('auth', {
  login: post({
    path: '/v1/auth/login',
    access: 'public',
    summary: 'Log in with a basic-auth header (e-mail:password); answers the session profile',
    credentials: 'basic',
    query: loginQuery,
    responses: { 200: envelope(sessionProfile), ...refusals },
  }),
  register: post({
    path: '/v1/auth/register',
    access: 'public',
    body: registerBody,
    responses: { 201: envelope(registerResult), ...refusals },
  }),
  listRegisterGroups: get({
    path: '/v1/auth/register-groups',
    access: 'public',
    query: limitQuery,
    responses: ok(z.array(group)),
  }),
  resendVerification: post({
    path: '/v1/auth/resend-verification',
    access: 'public',
    body: emailBody,
    responses: messageOrRefusal,
  }),
  verifyEmail: post({
    path: '/v1/auth/verify-email',
    access: 'public',
    body: tokenBody,
    responses: messageOrRefusal,
  }),
  confirmEmailChange: post({
    path: '/v1/auth/confirm-email-change',
    access: 'public',
    summary: 'Open the link mailed to a new e-mail address: the account takes that address',
    body: tokenBody,
    responses: messageOrRefusal,
  }),
  requestPasswordReset: post({
    path: '/v1/auth/reset-password',
    access: 'public',
    body: emailBody,
    responses: messageOrRefusal,
  }),
  checkResetToken: post({
    path: '/v1/auth/check-reset-token',
    access: 'public',
    summary:
      'Whether a password reset link can still be used (spends nothing), so the page can say so on opening',
    body: tokenBody,
    responses: messageOrRefusal,
  }),
  setPasswordWithLink: post({
    path: '/v1/auth/set-password',
    access: 'public',
    body: setPasswordBody,
    responses: messageOrRefusal,
  }),
  refreshToken: post({
    path: '/v1/auth/refresh-token',
    access: 'public',
    summary: 'Rotate a refresh token (sent as bearer); a reused token revokes its whole family',
    credentials: 'bearer',
    responses: { 200: envelope(refreshResult), ...refusals },
  }),
  logout: post({
    path: '/v1/auth/logout',
    access: 'public',
    body: logoutBody,
    responses: { 200: envelope(logoutResult), ...refusals },
  }),
});
