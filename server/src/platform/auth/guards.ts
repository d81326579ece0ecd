// Authentication and role checks, used as route preHandlers. The user's row (active flag, role, token
// version) is re-read at most every USER_TTL_MS per instance (ADR 008): a deactivated user or a bumped
// token version is refused at once on the instance that made the change (endSessions and the users
// service forget the user) and within USER_TTL_MS on any other, inside the one minute of
// product.md section 4. The same read brings the user's sessions (refresh families) revoked within an access
// token's lifetime: an access token of a logged-out session is refused like one of an old token version.
// Every instance also forgets the user when the event bus says a session ended
// (features/auth/session-events.ts), so in practice all instances refuse within a second; a lost bus message
// still bites within USER_TTL_MS.
import { MSG, SESSION } from '@hearth/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, unauthenticated } from '../errors';
import type { AccessClaims, AccessTokens } from './access-tokens';

export type CurrentUser = { id: number; roleId: number; firstName: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: CurrentUser;
    /** The session (refresh family) the request authenticated with. */
    sessionId?: string;
  }
}

/** How long a read of the user's row is trusted. Under load the feed spent a round trip per request on it. */
export const USER_TTL_MS = 10_000;
/** After a user is forgotten their row is read on every request for this long: it outlasts the transaction
 * that called `forgetUser` (a read before its commit would otherwise cache the old row again). */
const FORGET_WINDOW_MS = 10_000;
/** Bounds the memory of one instance; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/** Sessions revoked this long ago may still have unexpired access tokens; a minute more for clock skew. */
const REVOKED_WINDOW_SECONDS = SESSION.accessTokenSeconds + 60;

type UserState = CurrentUser & { isActive: boolean; tokenVersion: number; revokedSessions: string[] };
type Entry = { user: UserState | null; readAt: number };

/** One cache per database handle: tests build many apps in one process, each with its own users. */
const caches = new WeakMap<Db, Map<number, Entry>>();
/** When each user was last forgotten (any database: a user id forgotten needlessly only costs a read). */
const forgottenAt = new Map<number, number>();

/** Drops what this instance knows of a user's row: call whenever the active flag, role, token version,
 * name or e-mail change. Takes effect at once for this instance's next request of that user. */
export function forgetUser(userId: number): void {
  const now = Date.now();
  forgottenAt.set(userId, now);
  // Forgetting is rare; sweep stale marks so the map stays small.
  if (forgottenAt.size > 1000)
    for (const [id, at] of forgottenAt) if (now - at > FORGET_WINDOW_MS) forgottenAt.delete(id);
}

/** When every cached user was last dropped (forgetEveryone). */
let everyoneForgottenAt = -1;

/** Drops what this instance knows of every user: after the event bus missed messages (events.ts resync). */
export function forgetEveryone(): void {
  everyoneForgottenAt = Date.now();
}

async function readUser(db: Db, userId: number): Promise<UserState | null> {
  const [row] = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      firstName: users.firstName,
      email: users.email,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      // In the same round trip, through refresh_tokens_user_revoked_idx: the cache hit path stays query-free.
      // Names spelled out: Drizzle leaves columns unqualified in a select list, and an unqualified "id"
      // inside the subquery would be refresh_tokens.id.
      revokedSessions: sql<string[] | null>`(
        select array_agg(distinct rt.family_id) from refresh_tokens rt
        where rt.user_id = "users"."id"
          and rt.revoked_at > now() - make_interval(secs => ${REVOKED_WINDOW_SECONDS})
      )`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, revokedSessions: row.revokedSessions ?? [] } : null;
}

/** The map kept for `owner` (a database, a verifier), made on first use. */
function mapOf<O extends object, K, V>(maps: WeakMap<O, Map<K, V>>, owner: O): Map<K, V> {
  let map = maps.get(owner);
  if (!map) {
    map = new Map();
    maps.set(owner, map);
  }
  return map;
}

async function userState(db: Db, userId: number): Promise<UserState | null> {
  const cache = mapOf(caches, db);
  const startedAt = Date.now();
  const forgot = forgottenAt.get(userId);
  const recentlyForgotten = forgot !== undefined && startedAt - forgot <= FORGET_WINDOW_MS;
  const hit = cache.get(userId);
  const fresh = hit && hit.readAt > (forgot ?? -1) && hit.readAt > everyoneForgottenAt;
  if (hit && fresh && !recentlyForgotten && startedAt - hit.readAt < USER_TTL_MS) return hit.user;
  const user = await readUser(db, userId);
  // Kept only when no forget happened since the read began and none is in its window.
  const forgotNow = forgottenAt.get(userId);
  if (!recentlyForgotten && forgotNow === forgot) {
    cache.delete(userId);
    cache.set(userId, { user, readAt: startedAt });
    if (cache.size > MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  return user;
}

/**
 * Access tokens this instance already verified, until their `exp` (capped at USER_TTL_MS): checking the
 * HS256 signature through WebCrypto was a tenth of a feed request's CPU, and a client sends the same token
 * for up to 15 minutes. Keyed by the whole token string, so only a byte-identical token that passed
 * `verify` hits; the user's state (token version, active flag) is still checked on every request below.
 * One memo per verifier (per secret), like the user cache per database.
 */
const verified = new WeakMap<AccessTokens, Map<string, { claims: AccessClaims; until: number }>>();

async function verifiedClaims(request: FastifyRequest, token: string): Promise<AccessClaims | null> {
  const verifier = request.server.accessTokens;
  const verifiedTokens = mapOf(verified, verifier);
  const now = Date.now();
  const hit = verifiedTokens.get(token);
  if (hit && now < hit.until) return hit.claims;
  if (hit) verifiedTokens.delete(token);
  const claims = await verifier.verify(token);
  if (!claims) return null;
  const exp = expiryOf(token);
  if (exp !== null) {
    verifiedTokens.set(token, { claims, until: Math.min(exp, now + USER_TTL_MS) });
    if (verifiedTokens.size > MAX_ENTRIES) {
      const oldest = verifiedTokens.keys().next().value;
      if (oldest !== undefined) verifiedTokens.delete(oldest);
    }
  }
  return claims;
}

/** The `exp` of a token `verify` accepted, in ms; null if it has none (then it is not remembered). */
export function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
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
  const claims = await verifiedClaims(request, token);
  if (!claims) throw unauthenticated(MSG.sessionExpired);
  await authenticateSession(request, claims.userId, claims.sessionId, claims.version);
}

/**
 * Admits the request as a session of the user: refused when the user is gone, deactivated or the session
 * was revoked (logout, reuse, password change). `tokenVersion` is checked when the credential carries one
 * (an access token); a stream ticket does not, and a password change revokes every session anyway.
 */
export async function authenticateSession(
  request: FastifyRequest,
  userId: number,
  sessionId: string,
  tokenVersion?: number,
): Promise<void> {
  const row = await userState(request.server.db, userId);
  if (!row || (tokenVersion !== undefined && row.tokenVersion !== tokenVersion))
    throw unauthenticated(MSG.sessionExpired);
  if (row.revokedSessions.includes(sessionId)) throw unauthenticated(MSG.sessionExpired);
  if (!row.isActive) throw unauthenticated(MSG.deactivated);
  request.currentUser = { id: row.id, roleId: row.roleId, firstName: row.firstName, email: row.email };
  request.sessionId = sessionId;
}

/** The authenticated user; only call after `authenticate` ran. */
export function me(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}

/** The role check of an endpoint's `access`, after authentication (route-kit.ts). */
export function allowRoles(...roleIds: number[]) {
  return async (request: FastifyRequest) => {
    if (!roleIds.includes(me(request).roleId)) throw forbidden();
  };
}
