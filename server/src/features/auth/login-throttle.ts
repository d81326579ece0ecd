// Counts failed logins per client address (10 a minute) and per account (30 an hour). Over either limit
// the login is refused with 429 before the password is checked; the window slides, so nobody is locked
// out for good. Successful logins are not counted. Kept in the database so all instances share it.
import { MSG } from '@hearth/contract';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { tooManyRequests } from '../../platform/errors';

export const THROTTLE = {
  perAddress: { max: 10, windowMs: 60_000 },
  perAccount: { max: 30, windowMs: 3_600_000 },
} as const;

const addressKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `acct:${email.toLowerCase()}`;

async function failuresSince(db: Db, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, new Date(Date.now() - windowMs))));
  return row?.n ?? 0;
}

export async function assertNotThrottled(db: Db, ip: string, email: string): Promise<void> {
  const [byAddress, byAccount] = await Promise.all([
    failuresSince(db, addressKey(ip), THROTTLE.perAddress.windowMs),
    email ? failuresSince(db, accountKey(email), THROTTLE.perAccount.windowMs) : Promise.resolve(0),
  ]);
  if (byAddress >= THROTTLE.perAddress.max || byAccount >= THROTTLE.perAccount.max) {
    throw tooManyRequests(MSG.tooManyAttempts);
  }
}

export async function recordFailure(db: Db, ip: string, email: string): Promise<void> {
  const rows = [{ key: addressKey(ip) }];
  if (email) rows.push({ key: accountKey(email) });
  await db.insert(loginFailures).values(rows);
  // Rows past the longest window serve no purpose; prune them as we go.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(Date.now() - THROTTLE.perAccount.windowMs)));
}
