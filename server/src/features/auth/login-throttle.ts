// Login throttling (ADR 015). Every attempt is counted atomically BEFORE its password is checked, so 40
// attempts sent at once meet the limit like 40 sent one by one, on every instance. Three fixed-window limits:
// - one account from one client address: the strict limit, which everybody meets;
// - one account from addresses that never logged into it: slows a guesser spread over many addresses
//   without locking the owner out of the addresses they use (login_known_addresses). One address adds at
//   most its share to it (issue 30): a stranger at one address cannot spend the whole budget and so keep
//   the owner out of an address they never used (every address, on an account never logged into);
// - one address on accounts that never logged in from it: high, aimed at password spraying, so the typos
//   of an office behind one public address lock nobody out.
// A login whose password is right takes its counts back, so only failures add up.
import { MSG } from '@hearth/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginKnownAddresses } from '../../db/schema';
import { verifyPassword } from '../../platform/auth/passwords';
import { clientAddress } from '../../platform/client-address';
import { tooManyRequests } from '../../platform/errors';
import {
  giveBack,
  type Limit,
  overLimit,
  peekCounters,
  resetCounter,
  type Taken,
  takeCounters,
} from '../../platform/rate-limit';

const MINUTE = 60_000;

export const LOGIN_LIMITS = {
  accountFromAddress: { max: 10, windowMs: 15 * MINUTE },
  accountFromNewAddresses: { max: 30, windowMs: 60 * MINUTE },
  /**
   * Not a refusal: how many of one address's attempts in the hour count toward accountFromNewAddresses.
   * Six addresses' shares fill that budget (30 / 5) and a seventh guessing address spends it; beyond its
   * share an address still meets the budget without adding to it, and the strict limit holds it to 40 an
   * hour (ADR 015, issue 30).
   */
  addressShareOfAccount: { max: 5, windowMs: 60 * MINUTE },
  addressOnNewAccounts: { max: 100, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/** The counters one attempt took, to be given back if its password proves right. */
export type LoginAttempt = { address: string; pairKey: string; taken: Taken[] };

/** Whether this account has logged in successfully from this (normalised) address before. */
async function isKnownAddress(db: Db, userId: number | undefined, address: string): Promise<boolean> {
  if (userId === undefined) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(loginKnownAddresses)
    .where(and(eq(loginKnownAddresses.userId, userId), eq(loginKnownAddresses.address, address)));
  return row !== undefined;
}

/**
 * Counts a login attempt for `email` (lower-cased) from `ip`; over any limit it throws 429 before the
 * password is looked at. `userId` is the account's id, or undefined when there is no such account: the
 * attempt is counted the same, so the answer does not tell whether the account exists.
 */
export async function countLoginAttempt(
  db: Db,
  ip: string,
  email: string,
  userId: number | undefined,
): Promise<LoginAttempt> {
  const address = clientAddress(ip);
  const pairKey = `login:pair:${address}|${email}`;
  const shareKey = `login:share:${address}|${email}`;
  const entries: { key: string; limit: Limit }[] = [{ key: pairKey, limit: LOGIN_LIMITS.accountFromAddress }];
  if (!(await isKnownAddress(db, userId, address))) {
    entries.push(
      { key: shareKey, limit: LOGIN_LIMITS.addressShareOfAccount },
      { key: `login:address:${address}`, limit: LOGIN_LIMITS.addressOnNewAccounts },
    );
  }
  const taken = await takeCounters(db, entries);
  const share = taken.find((t) => t.key === shareKey);
  // The share is no refusal by itself: it says whether this attempt adds to the account's budget.
  const limits = taken.filter((t) => t !== share);
  if (share) {
    const account = [{ key: `login:account:${email}`, limit: LOGIN_LIMITS.accountFromNewAddresses }];
    if (share.count <= share.limit.max) {
      const counted = await takeCounters(db, account);
      limits.push(...counted);
      taken.push(...counted);
    } else {
      // Over its share an address adds nothing to the budget, but is refused like the others once it is spent.
      limits.push(...(await peekCounters(db, account)));
    }
  }
  if (overLimit(limits).length > 0) throw tooManyRequests(MSG.tooManyAttempts);
  return { address, pairKey, taken };
}

/**
 * The password was right: this attempt and the failures before it from this address were the owner's,
 * so the pair's counter starts again, and the wider counters lose this attempt.
 */
export async function passwordProven(db: Db, attempt: LoginAttempt): Promise<void> {
  await resetCounter(db, attempt.pairKey);
  await giveBack(
    db,
    attempt.taken.filter((t) => t.key !== attempt.pairKey),
  );
}

/** Remembers the address of a successful login, which the account-wide limit spares from now on. */
export async function rememberAddress(db: Db, userId: number, attempt: LoginAttempt): Promise<void> {
  const now = new Date();
  await db
    .insert(loginKnownAddresses)
    .values({ userId, address: attempt.address, lastSuccessAt: now })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.userId, loginKnownAddresses.address],
      set: { lastSuccessAt: now },
    });
}

/**
 * A logged-in user re-typing their password (change password, change e-mail): counted like a login, per
 * account, so a stolen session cannot guess the password through these forms. A right password starts
 * the count again.
 */
export const REAUTH_LIMIT = { max: 10, windowMs: 15 * MINUTE } as const satisfies Limit;

/** Checks `password` against the stored hash under REAUTH_LIMIT; 429 once over it, before checking. */
export async function checkOwnPassword(
  db: Db,
  userId: number,
  storedHash: string,
  password: string,
): Promise<boolean> {
  const key = `reauth:user:${userId}`;
  const taken = await takeCounters(db, [{ key, limit: REAUTH_LIMIT }]);
  if (overLimit(taken).length > 0) throw tooManyRequests(MSG.tooManyAttempts);
  const ok = await verifyPassword(storedHash, password);
  if (ok) await resetCounter(db, key);
  return ok;
}
