// Accounts are keyed by their e-mail address, the login name: one account per address. Registration, the
// admin user form, the profile form and the e-mail change all keep to it through these checks.
import { MSG } from '@hearth/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGroups, users } from '../../db/schema';
import { conflict } from '../../platform/errors';

export const emailTaken = () => conflict(MSG.emailTaken, { email: MSG.emailTaken });

/** 409 when another account already uses the address (the user being edited may keep their own). */
export async function assertEmailFree(db: Db, email: string, exceptUserId?: number): Promise<void> {
  const where =
    exceptUserId === undefined
      ? eq(users.email, email)
      : and(eq(users.email, email), ne(users.id, exceptUserId));
  const [row] = await db.select({ id: users.id }).from(users).where(where);
  if (row) throw emailTaken();
}

/**
 * Two requests may pass assertEmailFree at once; the unique index then stops the second. This turns that
 * database error into the same 409 instead of a 500.
 */
export function rethrowEmailConflict(err: unknown): never {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'users_email_uq')) throw emailTaken();
    e = (e as { cause?: unknown }).cause;
  }
  throw err;
}

/** Writes a new account with its groups and answers its id; 409 when the address is already taken. */
export async function insertAccount(
  tx: Db,
  account: typeof users.$inferInsert,
  groupIds: readonly number[],
): Promise<number> {
  const id = await insertAccountIfFree(tx, account, groupIds);
  if (id === undefined) throw emailTaken();
  return id;
}

/** Like insertAccount, but answers undefined when the address is already taken (registration, issue 30). */
export async function insertAccountIfFree(
  tx: Db,
  account: typeof users.$inferInsert,
  groupIds: readonly number[],
): Promise<number | undefined> {
  const [row] = await tx
    .insert(users)
    .values(account)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) return undefined;
  if (groupIds.length)
    await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId: row.id, groupId })));
  return row.id;
}
