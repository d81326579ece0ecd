// Authentication and role checks, used as route preHandlers. Every authenticated request re-reads the
// user: a deactivated user or a bumped token version is refused at once, not when the JWT expires.
import { MSG } from '@hearth/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema';
import { forbidden, unauthenticated } from '../errors';

export type CurrentUser = { id: number; roleId: number; firstName: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthenticated();
  const claims = await request.server.accessTokens.verify(token);
  if (!claims) throw unauthenticated(MSG.sessionExpired);
  const [row] = await request.server.db
    .select({
      id: users.id,
      roleId: users.roleId,
      firstName: users.firstName,
      email: users.email,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (!row || row.tokenVersion !== claims.version) throw unauthenticated(MSG.sessionExpired);
  if (!row.isActive) throw unauthenticated(MSG.deactivated);
  request.currentUser = { id: row.id, roleId: row.roleId, firstName: row.firstName, email: row.email };
}

/** The authenticated user; only call after `authenticate` ran. */
export function me(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}

/** preHandler list: authenticate, then require one of the roles. */
export function requireRole(...roleIds: number[]) {
  return [
    authenticate,
    async (request: FastifyRequest) => {
      if (!roleIds.includes(me(request).roleId)) throw forbidden();
    },
  ];
}

/** Any logged-in user whose role is one of the three known roles (others only change their password). */
export const anyKnownRole = () => requireRole(1, 2, 3);
