// /v1/auth: login, registration, e-mail links, token refresh, logout. Thin: validate, call the service.
import {
  emailBody,
  envelope,
  errorBody,
  group,
  limitQuery,
  loginQuery,
  logoutBody,
  MSG,
  messageResult,
  refreshResult,
  registerBody,
  registerResult,
  sessionProfile,
  setPasswordBody,
  tokenBody,
} from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, unauthenticated } from '../../platform/errors';
import { confirmEmailChange } from '../profile/email-change';
import { linkIsUsable } from './email-links';
import {
  login,
  parseBasicAuth,
  register,
  registerGroups,
  requestPasswordReset,
  resendVerification,
  setPasswordWithLink,
  verifyEmail,
} from './service';
import { revokeFamilyOf, rotateRefreshToken } from './sessions';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

export async function authRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with a basic-auth header (e-mail:password); answers the session profile',
        security: [{ basic: [] }],
        querystring: loginQuery,
        response: { 200: envelope(sessionProfile), ...errors },
      },
    },
    async (request) => {
      const { email, password } = parseBasicAuth(request.headers.authorization);
      const remember = request.query.remember === 'true' || request.query.remember === '1';
      return { data: await login(app, request.ip, email, password, remember) };
    },
  );

  app.post(
    '/register',
    {
      schema: { tags: ['auth'], body: registerBody, response: { 201: envelope(registerResult), ...errors } },
    },
    async (request, reply) => {
      const created = await register(app, request.body);
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/register-groups',
    { schema: { tags: ['auth'], querystring: limitQuery, response: { 200: envelope(group.array()) } } },
    async () => ({ data: await registerGroups(app.db) }),
  );

  app.post(
    '/resend-verification',
    { schema: { tags: ['auth'], body: emailBody, response: { 200: envelope(messageResult), ...errors } } },
    async (request) => {
      await resendVerification(app, request.ip, request.body.email);
      return { data: { message: MSG.emailSent } };
    },
  );

  app.post(
    '/verify-email',
    { schema: { tags: ['auth'], body: tokenBody, response: { 200: envelope(messageResult), ...errors } } },
    async (request) => {
      await verifyEmail(app, request.body.token);
      return { data: { message: MSG.emailVerified } };
    },
  );

  app.post(
    '/confirm-email-change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open the link mailed to a new e-mail address: the account takes that address',
        body: tokenBody,
        response: { 200: envelope(messageResult), ...errors },
      },
    },
    async (request) => {
      await confirmEmailChange(app.db, request.body.token);
      return { data: { message: MSG.emailChanged } };
    },
  );

  app.post(
    '/reset-password',
    { schema: { tags: ['auth'], body: emailBody, response: { 200: envelope(messageResult), ...errors } } },
    async (request) => {
      await requestPasswordReset(app, request.ip, request.body.email);
      return { data: { message: MSG.emailSent } };
    },
  );

  app.post(
    '/check-reset-token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Whether a password reset link can still be used (spends nothing), so the page can say so on opening',
        body: tokenBody,
        response: { 200: envelope(messageResult), ...errors },
      },
    },
    async (request) => {
      if (!(await linkIsUsable(app.db, request.body.token, 'reset'))) {
        throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
      }
      return { data: { message: 'ok' } };
    },
  );

  app.post(
    '/set-password',
    {
      schema: {
        tags: ['auth'],
        body: setPasswordBody,
        response: { 200: envelope(messageResult), ...errors },
      },
    },
    async (request) => {
      await setPasswordWithLink(app, request.body.token, request.body.password);
      return { data: { message: MSG.passwordReset } };
    },
  );

  app.post(
    '/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token (sent as bearer); a reused token revokes its whole family',
        security: [{ bearer: [] }],
        response: { 200: envelope(refreshResult), ...errors },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || token.length > 200) throw unauthenticated(MSG.sessionExpired);
      const outcome = await rotateRefreshToken(app, token);
      if (outcome.reused) throw unauthenticated(MSG.sessionExpired);
      return { data: outcome.result };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], body: logoutBody, response: { 200: envelope(messageResult), ...errors } } },
    async (request) => {
      if (request.body.refreshToken) await revokeFamilyOf(app.db, request.body.refreshToken);
      return { data: { message: 'Logged out' } };
    },
  );
}
