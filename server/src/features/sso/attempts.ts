// The rows of sign-ins under way (sso_attempts, ADR 034). Each state is kept only as its SHA-256 hash;
// taking the provider's answer and handing off the session are conditional updates, so that each happens
// once even when two instances (or a replayed request) race for it.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ssoAttempts } from '../../db/schema';
import { hashToken } from '../../platform/auth/opaque-tokens';

/** From the redirect to the provider to its answer. */
export const ATTEMPT_SECONDS = 10 * 60;
/** From the answer to the app's hand-off call. */
export const HANDOFF_SECONDS = 60;

export async function recordAttempt(
  db: Db,
  attempt: { state: string; provider: string; nonce: string; codeVerifier: string; returnTo: string },
): Promise<void> {
  const now = Date.now();
  // Old rows go as new ones come (by the expiry index): nothing else needs them after their hand-off.
  await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, new Date(now - 3600_000)));
  await db.insert(ssoAttempts).values({
    stateHash: hashToken(attempt.state),
    provider: attempt.provider,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    returnTo: attempt.returnTo,
    expiresAt: new Date(now + ATTEMPT_SECONDS * 1000),
  });
}

/**
 * Marks the attempt of `state` used and answers what finishing it needs; 'expired' or 'unknown' (never
 * started, another provider's, or already used) otherwise.
 */
export async function takeAttempt(db: Db, state: string, provider: string) {
  const now = new Date();
  const stateHash = hashToken(state);
  const [row] = await db
    .update(ssoAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoAttempts.stateHash, stateHash),
        eq(ssoAttempts.provider, provider),
        isNull(ssoAttempts.usedAt),
        gt(ssoAttempts.expiresAt, now),
      ),
    )
    .returning({
      nonce: ssoAttempts.nonce,
      codeVerifier: ssoAttempts.codeVerifier,
      returnTo: ssoAttempts.returnTo,
    });
  if (row) return { ok: true as const, stateHash, ...row };
  const [stale] = await db
    .select({ expiresAt: ssoAttempts.expiresAt, usedAt: ssoAttempts.usedAt })
    .from(ssoAttempts)
    .where(and(eq(ssoAttempts.stateHash, stateHash), eq(ssoAttempts.provider, provider)));
  return {
    ok: false as const,
    reason: stale && !stale.usedAt ? ('expired' as const) : ('invalid_state' as const),
  };
}

/** After a good answer: who signed in, and the hash of the hand-off secret the browser got as a cookie. */
export async function readyHandoff(db: Db, stateHash: string, userId: number, secret: string): Promise<void> {
  await db
    .update(ssoAttempts)
    .set({ userId, handoffHash: hashToken(secret) })
    .where(eq(ssoAttempts.stateHash, stateHash));
}

/** Spends the hand-off secret (once, within HANDOFF_SECONDS of the answer): the user and the provider. */
export async function takeHandoff(db: Db, secret: string) {
  const [row] = await db
    .update(ssoAttempts)
    .set({ handedOffAt: new Date() })
    .where(
      and(
        eq(ssoAttempts.handoffHash, hashToken(secret)),
        isNull(ssoAttempts.handedOffAt),
        gt(ssoAttempts.usedAt, new Date(Date.now() - HANDOFF_SECONDS * 1000)),
      ),
    )
    .returning({ userId: ssoAttempts.userId, provider: ssoAttempts.provider });
  return row?.userId ? { userId: row.userId, provider: row.provider } : undefined;
}
