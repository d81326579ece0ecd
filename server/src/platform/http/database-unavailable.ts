// Whether an error means the database cannot be reached (restart, failover, network cut, pool exhausted at
// connect) rather than that a request went wrong. Those answer 503 with Retry-After, so clients and load
// balancers try again, and log one short line: a 500 with the failed statement and its parameters said
// nothing useful and put user data in the log. Drizzle wraps driver errors (`cause`); node's connection
// attempts to several addresses fail as an AggregateError (`errors`): both are walked.
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * SQLSTATEs of a server that is going away (admin shutdown, crash shutdown, cannot connect now) or too busy
 * to answer now: too many connections, and a statement cancelled by the pool's statement_timeout (db/
 * client.ts), which under overload is the database's way of saying "later", not a fault of the request.
 */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);
/** node-postgres and its pool say these in words only, without a code. */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** The sentence the client reads. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before trying again: about what a restart or failover takes. */
export const RETRY_AFTER_SECONDS = 5;

/** What failed, safe to log: a code or the driver's short message, never a statement or its values. */
export type Unavailable = { reason: string };

function classify(e: object): Unavailable | undefined {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception.
    if (SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || NETWORK_CODES.has(code))
      return { reason: code };
  }
  const message = (e as { message?: unknown }).message;
  if (typeof message === 'string') {
    const known = DRIVER_MESSAGES.find((m) => message === m);
    if (known) return { reason: known };
  }
  return undefined;
}

/** The connection failure behind `err`, if that is what it is. */
export function databaseUnavailable(err: unknown): Unavailable | undefined {
  const queue: unknown[] = [err];
  const seen = new Set<unknown>();
  // A bound, as a cause chain can be a cycle or absurdly deep.
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const found = classify(e);
    if (found) return found;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return undefined;
}

/** The 503 answer: the envelope with the request id, and when to try again. */
export function sendUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ error: UNAVAILABLE_MESSAGE, code: 'unavailable', requestId: String(request.id) });
}
