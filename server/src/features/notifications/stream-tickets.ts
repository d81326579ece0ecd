// Single-use tickets for the live stream. EventSource cannot send an Authorization header, and a bearer
// token in the URL ends up in request logs and proxies; so an authenticated POST hands out a random
// ticket, good for one stream within TICKET_SECONDS. Only its SHA-256 is stored, and it is spent with one
// DELETE ... RETURNING, so it opens one stream however many instances race for it.
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { streamTickets } from '../../db/schema';
import { hashToken, newOpaqueToken } from '../../platform/auth/opaque-tokens';

/** Long enough for the browser to open the stream right after asking, short enough to be useless later. */
export const TICKET_SECONDS = 30;

export async function issueStreamTicket(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<{ ticket: string; expiresAt: Date }> {
  const now = new Date();
  // Unspent tickets are swept here, so the table holds about TICKET_SECONDS' worth of them.
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
  const ticket = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + TICKET_SECONDS * 1000);
  await db.insert(streamTickets).values({ tokenHash: hashToken(ticket), userId, sessionId, expiresAt });
  return { ticket, expiresAt };
}

/** Spends a ticket: its user and session, or null when unknown, already spent or expired. */
export async function spendStreamTicket(
  db: Db,
  ticket: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const [row] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.tokenHash, hashToken(ticket)))
    .returning({
      userId: streamTickets.userId,
      sessionId: streamTickets.sessionId,
      expiresAt: streamTickets.expiresAt,
    });
  if (!row || row.expiresAt <= new Date() || !row.sessionId) return null;
  return { userId: row.userId, sessionId: row.sessionId };
}
