// Single-use links sent by mail: verify-email (24 h) and reset-password (1 h). Only hashes are stored;
// a new link of the same purpose replaces the older ones.
import { MSG, PATHS, SESSION } from '@hearth/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../../platform/auth/opaque-tokens';
import { badRequest } from '../../platform/errors';

export type LinkPurpose = 'verify' | 'reset';

const LIFETIME: Record<LinkPurpose, number> = {
  verify: SESSION.verifyEmailSeconds,
  reset: SESSION.resetPasswordSeconds,
};
const PATH: Record<LinkPurpose, string> = { verify: PATHS.verifyEmail, reset: PATHS.resetPassword };

export async function createLink(
  app: FastifyInstance,
  userId: number,
  purpose: LinkPurpose,
): Promise<string> {
  const token = newOpaqueToken();
  await app.db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + LIFETIME[purpose] * 1000),
    });
  });
  return `${app.config.publicUrl}${PATH[purpose]}?token=${token}`;
}

/** Spends a link inside the caller's transaction and answers its user id; invalid or used links → 400. */
export async function consumeLink(tx: Db, token: string, purpose: LinkPurpose): Promise<number> {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (!row) throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
  return row.userId;
}
