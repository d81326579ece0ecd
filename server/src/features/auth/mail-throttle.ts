// Limits on the anonymous calls that send account mail (forgot password, resend verification; ADR 015):
// per target address, so nobody's mailbox can be flooded, and per client address, so one client cannot
// walk a list of addresses. Counted before looking the account up and whether or not it exists, so the
// answer (the same text, or 429 once over) never tells whether an account exists.
import { MSG } from '@hearth/contract';
import type { Db } from '../../db/client';
import { clientAddress } from '../../platform/client-address';
import { tooManyRequests } from '../../platform/errors';
import { type Limit, overLimit, takeCounters } from '../../platform/rate-limit';

const HOUR = 3_600_000;

export const MAIL_LIMITS = {
  /** Mails to one address, both kinds together: a person needs one or two; five allows for a lost mail. */
  perRecipient: { max: 5, windowMs: HOUR },
  /** Requests from one client address: higher, since an office's staff share one public address. */
  perClient: { max: 20, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/** Counts a request to mail `email` (lower-cased) from `ip`; over either limit, 429 and no mail. */
export async function countMailRequest(db: Db, ip: string, email: string): Promise<void> {
  const taken = await takeCounters(db, [
    { key: `mail:to:${email.toLowerCase()}`, limit: MAIL_LIMITS.perRecipient },
    { key: `mail:from:${clientAddress(ip)}`, limit: MAIL_LIMITS.perClient },
  ]);
  if (overLimit(taken).length > 0) throw tooManyRequests(MSG.tooManyRequests);
}
