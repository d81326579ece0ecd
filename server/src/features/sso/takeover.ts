// Issue 30, H2: an account whose address was never proven may be anybody's. Someone could register the
// address of a new hire before they arrive; when the owner then signs in through the company provider, which
// vouches for the address, the account becomes the owner's, and nothing the registrant chose may stay with
// it: not the password (it would open the owner's account), not a session, not what they filled in.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroups, users } from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import { endSessions } from '../auth/sessions';

/**
 * Takes the unverified account `userId` over for the provider's user, inside the sign-in's transaction:
 * a password nobody knows (as for accounts the provider creates), every session ended (refresh tokens
 * revoked, the token version bumped, like a password reset), and the registrant's phone, job title,
 * picture and groups cleared. The caller then writes the provider's names, location and department.
 */
export async function takeOverUnproven(tx: Db, userId: number): Promise<void> {
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  await tx
    .update(users)
    .set({ passwordHash, phone: null, jobTitle: null, profileImageFileId: null })
    .where(eq(users.id, userId));
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  await endSessions(tx, userId);
}
