// The digest's unsubscribe link needs no login (ADR 033): its token is the user id and an HMAC-SHA256 of a
// purpose string and that id, keyed with a key derived from the server's JWT secret (so every instance that
// shares JWT_SECRET accepts it, and a leaked digest link opens nothing else). It sits in the link's fragment,
// which browsers never send to a server, and the page posts it in a body, which is never logged.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { INT4_MAX, MSG } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { clientAddress } from '../../platform/client-address';
import { tooManyRequests } from '../../platform/errors';
import { type Limit, overLimit, takeCounters } from '../../platform/rate-limit';

const PURPOSE = 'hearth notification digest unsubscribe v1';

/** A key of its own for this purpose: a token of this kind can never stand for a JWT, nor the reverse. */
const keyOf = (secret: string) => createHmac('sha256', secret).update(`key:${PURPOSE}`).digest();

const macOf = (secret: string, userId: number) =>
  createHmac('sha256', keyOf(secret)).update(`${PURPOSE}\n${userId}`).digest();

/** `<user id>.<mac, base64url>`. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${macOf(secret, userId).toString('base64url')}`;
}

/** The user id the token was made for, or null when it is not one of ours (compared in constant time). */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  if (userId > INT4_MAX) return null;
  const given = Buffer.from(m[2] as string, 'base64url');
  const expected = macOf(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** The server's secret the tokens are keyed from (buildApp is always given one: JWT_SECRET or generated). */
export function unsubscribeSecret(app: FastifyInstance): string {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('no JWT secret to key unsubscribe links with');
  return secret;
}

/**
 * Links that were not ours, from one client address: enough for mistyped links, far too few to guess a
 * token (a MAC of 256 bits is not guessed anyway; this keeps the public route from costing much). Only
 * refused links count there: after a digest, the staff of one office may all unsubscribe from one public
 * address in the same hour, and a stranger's guesses must not lock them out.
 */
export const UNSUBSCRIBE_LIMIT = { max: 30, windowMs: 3_600_000 } as const satisfies Limit;
/** Good links per person (turning the digest off again and again changes nothing after the first). */
export const UNSUBSCRIBE_PER_USER = { max: 10, windowMs: 3_600_000 } as const satisfies Limit;

/**
 * Counts an unsubscribe call: a refused link (`userId` null) against its client address, a good one
 * against its person. Over the limit, 429. A client over its limit for refused links is refused at once
 * (429) also for a good link only when it is the same person's: others' good links still work.
 */
export async function countUnsubscribe(db: Db, ip: string, userId: number | null): Promise<void> {
  const key =
    userId === null ? `unsubscribe:refused-from:${clientAddress(ip)}` : `unsubscribe:user:${userId}`;
  const limit = userId === null ? UNSUBSCRIBE_LIMIT : UNSUBSCRIBE_PER_USER;
  const taken = await takeCounters(db, [{ key, limit }]);
  if (overLimit(taken).length > 0) throw tooManyRequests(MSG.tooManyRequests);
}
