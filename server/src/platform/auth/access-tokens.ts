// Short-lived JWT access tokens (HS256, 15 minutes). Only HS256 is accepted, so alg=none and
// algorithm-confusion tokens fail verification. Each token names its session (`sid`, the refresh family
// of the login), so logging out refuses that session's access tokens at once (guards.ts).
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SESSION } from '@hearth/contract';
import { jwtVerify, SignJWT } from 'jose';

/** `sessionId`: the refresh family id of the login the token belongs to. */
export type AccessClaims = { userId: number; roleId: number; version: number; sessionId: string };

const ISSUER = 'hearth';
const AUDIENCE = 'hearth-api';

export class AccessTokens {
  // Imported once: handing jose raw bytes makes it import the key again on every sign and verify.
  private readonly key: KeyObject;
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + SESSION.accessTokenSeconds * 1000);
    const token = await new SignJWT({
      role: claims.roleId,
      ver: claims.version,
      sid: claims.sessionId,
      typ: 'access',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims, or null for anything not a valid, unexpired access token of ours. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const userId = Number(payload.sub);
      // A token without a session (signed before sessions were named) cannot be revoked by logout:
      // refused, the client refreshes once.
      if (payload.typ !== 'access' || !Number.isInteger(userId)) return null;
      if (typeof payload.sid !== 'string' || payload.sid.length === 0) return null;
      return { userId, roleId: Number(payload.role), version: Number(payload.ver), sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
