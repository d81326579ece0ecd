// Sessions: a JWT access token plus an opaque refresh token that rotates on every use. Each login starts
// a family; presenting a refresh token that was already used revokes the whole family (theft detection).
// The family id is the session id every access token carries (`sid`). Whatever ends a session publishes
// it on the event bus through the database (publishOnCommit), so every instance forgets the user and
// closes that session's live streams once the change is committed (session-events.ts).
import { randomUUID } from 'node:crypto';
import { MSG, SESSION, type SessionProfile } from '@hearth/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { files, refreshTokens, roles, users } from '../../db/schema';
import { forgetUser } from '../../platform/auth/guards';
import { hashToken, newOpaqueToken } from '../../platform/auth/opaque-tokens';
import { unauthenticated } from '../../platform/errors';
import { publishOnCommit } from '../../platform/events';
import { fileUrl } from '../files/presenter';
import { dropEmailChange } from './email-links';

type SessionUser = { id: number; roleId: number; tokenVersion: number };

async function storeRefreshToken(
  db: Db,
  userId: number,
  familyId: string,
  remember: boolean,
  ssoProvider: string | null,
) {
  const token = newOpaqueToken();
  const lifetime = remember ? SESSION.refreshRememberSeconds : SESSION.refreshSessionSeconds;
  const expiresAt = new Date(Date.now() + lifetime * 1000);
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), remember, expiresAt, ssoProvider });
  await db.update(users).set({ refreshTokenExp: expiresAt }).where(eq(users.id, userId));
  return token;
}

/** What the web keeps of the user for the session: name, e-mail, role and picture. */
async function profileOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: { id: roles.id, name: roles.name },
      imageKey: files.storageKey,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(files, eq(files.id, users.profileImageFileId))
    .where(eq(users.id, userId));
  return row;
}

/**
 * Starts a new session (a new refresh family) and answers the profile the web keeps. `ssoProvider` names
 * the identity provider the user signed in through (issue 19), so that logout can end its session too.
 */
export async function issueSession(
  app: FastifyInstance,
  user: SessionUser,
  remember: boolean,
  ssoProvider: string | null = null,
): Promise<SessionProfile> {
  const sessionId = randomUUID();
  const refreshToken = await storeRefreshToken(app.db, user.id, sessionId, remember, ssoProvider);
  const access = await app.accessTokens.sign({
    userId: user.id,
    roleId: user.roleId,
    version: user.tokenVersion,
    sessionId,
  });
  const view = await profileOf(app.db, user.id);
  if (!view) throw unauthenticated();
  return {
    id: view.id,
    firstName: view.firstName,
    lastName: view.lastName,
    email: view.email,
    roles: view.roles,
    profileImage: fileUrl(view.imageKey),
    accessToken: access.token,
    refreshToken,
    accessTokenExpiryDate: access.expiresAt.toISOString(),
  };
}

/** Rotates a refresh token: the old one is spent, a new one of the same family is answered. */
export async function rotateRefreshToken(app: FastifyInstance, presented: string) {
  const now = new Date();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row) throw unauthenticated(MSG.sessionExpired);
    if (row.usedAt || row.revokedAt) {
      // A spent token came back: someone holds a copy. End every session of this family.
      if (row.usedAt && !row.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        forgetUser(row.userId);
        await sessionEnded(tx, row.userId, row.familyId);
      }
      return { reused: true as const };
    }
    if (row.expiresAt <= now) throw unauthenticated(MSG.sessionExpired);
    const [user] = await tx
      .select({
        id: users.id,
        roleId: users.roleId,
        tokenVersion: users.tokenVersion,
        isActive: users.isActive,
      })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user?.isActive) throw unauthenticated(user ? MSG.deactivated : MSG.sessionExpired);
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await storeRefreshToken(tx, user.id, row.familyId, row.remember, row.ssoProvider);
    const access = await app.accessTokens.sign({
      userId: user.id,
      roleId: user.roleId,
      version: user.tokenVersion,
      sessionId: row.familyId,
    });
    return {
      reused: false as const,
      result: {
        accessToken: access.token,
        accessTokenExpiryDate: access.expiresAt.toISOString(),
        refreshToken,
      },
    };
  });
}

/** Tells every instance (after the commit, when `db` is a transaction) that sessions of the user ended. */
function sessionEnded(db: Db, userId: number, sessionId?: string): Promise<void> {
  return publishOnCommit(db, { userIds: [], sessionsEnded: { userId, ...(sessionId ? { sessionId } : {}) } });
}

/**
 * Revokes one refresh family (logout): its access tokens are refused from the next request on this
 * instance, and on the others once the bus message arrives. Unknown tokens are ignored: logout always
 * succeeds. Answers the identity provider the session came through, if any (issue 19).
 */
export async function revokeFamilyOf(db: Db, presented: string): Promise<{ ssoProvider: string | null }> {
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      ssoProvider: refreshTokens.ssoProvider,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    forgetUser(row.userId);
    await sessionEnded(db, row.userId, row.familyId);
  }
  return { ssoProvider: row?.ssoProvider ?? null };
}

/**
 * Ends every session of a user: refresh tokens revoked, and the token version bumped so access tokens
 * already handed out stop working on their next request. Used on password change, deactivation and an
 * admin password reset. Pass a transaction to make it part of a larger change. This instance forgets its
 * cached read of the user (guards.ts), so the old tokens fail here on their very next request; the bus
 * message, sent when the transaction commits, makes every instance forget it and close the user's streams.
 */
export async function endSessions(db: Db, userId: number): Promise<number> {
  forgetUser(userId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  // The old address's notice of an e-mail change says "change your password": that must stop the change.
  await dropEmailChange(db, userId);
  await sessionEnded(db, userId);
  forgetUser(userId);
  return row?.tokenVersion ?? 0;
}
