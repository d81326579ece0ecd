// The sign-in's answers to the browser are redirects, sent as the endpoint table documents them: 302, a
// Location, and an empty text body (contract/src/endpoints/sso.ts).
import { PATHS, type SsoErrorReason } from '@hearth/contract';
import type { FastifyReply } from 'fastify';

export const redirectTo = (reply: FastifyReply, location: string) =>
  reply.code(302).header('location', location).type('text/plain; charset=utf-8').send('');

/** To the app's page that says what went wrong, in words, with the way back to the login page. */
export const failed = (reply: FastifyReply, reason: SsoErrorReason) =>
  redirectTo(reply, `${PATHS.ssoError}?reason=${reason}`);
