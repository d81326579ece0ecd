// /v1/auth: the handlers of contract/src/endpoints/auth.ts. Thin: the kit validates, the service acts.
import { authEndpoints, MSG, PATHS } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { endSessionUrl } from '../../platform/auth/oidc-clients';
import { usePasswordHouseNames } from '../../platform/auth/password-policy';
import { badRequest, unauthenticated } from '../../platform/errors';
import { routes } from '../../platform/http/route-kit';
import { confirmEmailChange } from './email-change';
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

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Every password check refuses the site's name and the company's domain words (issue 30, L1).
  usePasswordHouseNames(app.config);
  routes(app, authEndpoints, {
    login: async (request) => {
      const { email, password } = parseBasicAuth(request.headers.authorization);
      const remember = request.query.remember === 'true' || request.query.remember === '1';
      return { data: await login(app, request.ip, email, password, remember) };
    },
    register: async (request, reply) => {
      const created = await register(app, request.ip, request.body);
      return reply.status(201).send({ data: created });
    },
    listRegisterGroups: async () => ({ data: await registerGroups(app.db) }),
    resendVerification: async (request) => {
      await resendVerification(app, request.ip, request.body.email);
      return { data: { message: MSG.emailSent } };
    },
    verifyEmail: async (request) => {
      await verifyEmail(app, request.body.token);
      return { data: { message: MSG.emailVerified } };
    },
    confirmEmailChange: async (request) => {
      await confirmEmailChange(app.db, request.body.token);
      return { data: { message: MSG.emailChanged } };
    },
    requestPasswordReset: async (request) => {
      await requestPasswordReset(app, request.ip, request.body.email);
      return { data: { message: MSG.emailSent } };
    },
    checkResetToken: async (request) => {
      if (!(await linkIsUsable(app.db, request.body.token, 'reset'))) {
        throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
      }
      return { data: { message: 'ok' } };
    },
    setPasswordWithLink: async (request) => {
      await setPasswordWithLink(app, request.body.token, request.body.password);
      return { data: { message: MSG.passwordReset } };
    },
    refreshToken: async (request) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || token.length > 200) throw unauthenticated(MSG.sessionExpired);
      const outcome = await rotateRefreshToken(app, token);
      if (outcome.reused) throw unauthenticated(MSG.sessionExpired);
      return { data: outcome.result };
    },
    logout: async (request) => {
      const ended = request.body.refreshToken
        ? await revokeFamilyOf(app.db, request.body.refreshToken)
        : { ssoProvider: null };
      // A session that came through an identity provider ends there too when it supports that (issue 19).
      const provider = app.config.oidcProviders.find((p) => p.key === ended.ssoProvider);
      const endAt = provider
        ? await endSessionUrl(provider, `${app.config.publicUrl}${PATHS.login}`)
        : undefined;
      return { data: { message: 'Logged out', ...(endAt ? { endSessionUrl: endAt } : {}) } };
    },
  });
}
