// The second step of an e-mail change: the link mailed to the new address (profile/service.ts records the
// request). Opening it proves the mailbox, so only then does the account's address change.
import { MSG } from '@hearth/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { forgetUser } from '../../platform/auth/guards';
import { badRequest } from '../../platform/errors';
import { assertEmailFree, rethrowEmailConflict } from './accounts';
import { consumeEmailChangeLink } from './email-links';

/**
 * Spends the link and sets the new address. Invalid, used or expired links answer 400; an address another
 * account took meanwhile answers 409 and changes nothing (the transaction, the spent link with it, rolls
 * back). A deactivated account keeps its address: its link is treated as invalid.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<void> {
  let userId: number | undefined;
  await db
    .transaction(async (tx) => {
      const link = await consumeEmailChangeLink(tx, token);
      userId = link.userId;
      await assertEmailFree(tx, link.newEmail, link.userId);
      const changed = await tx
        .update(users)
        .set({ email: link.newEmail, isVerified: true })
        .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
        .returning({ id: users.id });
      if (changed.length === 0) throw badRequest(MSG.linkInvalid, { token: MSG.linkInvalid });
    })
    .catch(rethrowEmailConflict)
    // The auth guard caches the e-mail per instance: the new one shows at once.
    .finally(() => {
      if (userId !== undefined) forgetUser(userId);
    });
}
