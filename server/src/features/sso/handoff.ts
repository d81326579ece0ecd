// The app's page trades the hand-off cookie for a session (ADR 034): the session never travels in an
// address, and the cookie works once, within a minute of the provider's answer.
import { MSG, type SessionProfile } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { AppError, unauthenticated } from '../../platform/errors';
import { issueSession } from '../auth/sessions';
import { takeHandoff } from './attempts';
import { HANDOFF_COOKIE, HANDOFF_PATH, readCookie, setCookie } from './cookies';

export async function handOff(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  remember: boolean,
): Promise<SessionProfile> {
  const secret = readCookie(request, HANDOFF_COOKIE);
  setCookie(reply, HANDOFF_COOKIE, '', {
    path: HANDOFF_PATH,
    maxAgeSeconds: 0,
    secure: app.config.publicUrl.startsWith('https:'),
  });
  if (!secret || secret.length > 100) throw unauthenticated(MSG.ssoHandoffInvalid);
  const taken = await takeHandoff(app.db, secret);
  if (!taken) throw unauthenticated(MSG.ssoHandoffInvalid);
  const [user] = await app.db
    .select({
      id: users.id,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, taken.userId));
  if (!user) throw unauthenticated(MSG.ssoHandoffInvalid);
  // Deactivated in the minute since the provider's answer.
  if (!user.isActive) throw new AppError('deactivated', 403, MSG.deactivated);
  await app.db.update(users).set({ lastLoggedInAt: new Date() }).where(eq(users.id, user.id));
  return issueSession(app, user, remember, taken.provider);
}
