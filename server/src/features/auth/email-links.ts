// Single-use links sent by mail: verify-email (24 h), reset-password (1 h) and confirm-email-change (24 h).
// Only hashes are stored; a new link of the same purpose replaces the older ones.
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

/** The purpose of an e-mail change row; it also carries the address that takes effect (`new_email`). */
const EMAIL_CHANGE = 'email-change';
/** As long as a registration link: the new mailbox may be read only the next day. */
const EMAIL_CHANGE_SECONDS = SESSION.verifyEmailSeconds;

const spendOlder = (tx: Db, userId: number, purpose: string) =>
  tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));

export async function createLink(
  app: FastifyInstance,
  userId: number,
  purpose: LinkPurpose,
): Promise<string> {
  const token = newOpaqueToken();
  await app.db.transaction(async (tx) => {
    await spendOlder(tx, userId, purpose);
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
  return (await spend(tx, token, purpose)).userId;
}

/** The link's row while it can still be spent: known, of this purpose, unused and unexpired. */
const usable = (token: string, purpose: string) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/** True while a link can still be spent. Spends nothing. */
export async function linkIsUsable(db: Db, token: string, purpose: LinkPurpose): Promise<boolean> {
  const [row] = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(usable(token, purpose))
    .limit(1);
  return row !== undefined;
}

async function spend(tx: Db, token: string, purpose: string) {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  if (!row) throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
  return row;
}

/**
 * Records a request to change the user's address to `newEmail`, inside the caller's transaction, and answers
 * its id for the mail job. The row gets the hash of a token nobody is told, so it opens nothing until the job
 * gives it a real one (`issueEmailChangeLink`). Older requests of the user are spent: only the newest counts,
 * whatever order their mail jobs run in.
 */
export async function recordEmailChange(tx: Db, userId: number, newEmail: string): Promise<number> {
  await spendOlder(tx, userId, EMAIL_CHANGE);
  const [row] = await tx
    .insert(emailTokens)
    .values({
      userId,
      purpose: EMAIL_CHANGE,
      newEmail,
      tokenHash: hashToken(newOpaqueToken()),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_SECONDS * 1000),
    })
    .returning({ id: emailTokens.id });
  if (!row) throw new Error('email change request not stored');
  return row.id;
}

/**
 * Gives a recorded e-mail change a fresh token and answers the link with the address to mail it to, or
 * undefined when the request was replaced, confirmed or has expired meanwhile (then nothing is to be sent).
 * A retried mail job makes a new token, so a link of a failed attempt stops working.
 */
export async function issueEmailChangeLink(
  app: FastifyInstance,
  requestId: number,
): Promise<{ userId: number; newEmail: string; link: string } | undefined> {
  const token = newOpaqueToken();
  const [row] = await app.db
    .update(emailTokens)
    .set({ tokenHash: hashToken(token) })
    .where(
      and(
        eq(emailTokens.id, requestId),
        eq(emailTokens.purpose, EMAIL_CHANGE),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  if (!row?.newEmail) return undefined;
  const link = `${app.config.publicUrl}${PATHS.confirmEmailChange}?token=${token}`;
  return { userId: row.userId, newEmail: row.newEmail, link };
}

/** Spends an e-mail change link inside the caller's transaction; invalid, used or expired links → 400. */
export async function consumeEmailChangeLink(
  tx: Db,
  token: string,
): Promise<{ userId: number; newEmail: string }> {
  const { userId, newEmail } = await spend(tx, token, EMAIL_CHANGE);
  if (!newEmail) throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
  return { userId, newEmail };
}

/**
 * Spends the user's pending e-mail change, if any. Called whenever all sessions end (password change or
 * reset, deactivation): the old address's notice says "change your password", and that must also stop a
 * change someone else asked for.
 */
export async function dropEmailChange(db: Db, userId: number): Promise<void> {
  await spendOlder(db, userId, EMAIL_CHANGE);
}
