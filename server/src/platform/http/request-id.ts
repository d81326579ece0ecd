// The request id: one per request, in every log line of it (Fastify's child logger binds it as `reqId`) and
// in the `X-Request-Id` header of every answer, errors, 404s and the SPA page included, so that what a user
// reports ("Reference: ...") leads to the lines of their request. Behind a trusted proxy (TRUST_PROXY) the
// proxy's id is kept, so its access log and ours name the same request; a client elsewhere could send any
// text, so its header is ignored there, and a malformed one is replaced anywhere.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: short and plain, so it cannot forge or break a log line. */
const WELL_FORMED = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify's `genReqId`: the trusted proxy's well-formed id, else a new UUID. */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    // Node joins a repeated header with ", ", which the pattern refuses.
    if (trustProxy && typeof incoming === 'string' && WELL_FORMED.test(incoming)) return incoming;
    return randomUUID();
  };
}

/**
 * Set on the raw response, not the reply: Node merges it into whatever head goes out, so the hijacked
 * notification stream, which writes its own head, carries it too.
 */
function setHeader(request: FastifyRequest, reply: FastifyReply): void {
  if (!reply.raw.headersSent) reply.raw.setHeader(REQUEST_ID_HEADER, String(request.id));
}

/** Install first: an earlier onRequest hook that refuses the request would leave its answer without it. */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    setHeader(request, reply);
    done();
  });
}

/** The router's refusals (framework-errors.ts) are answered before any hook runs: they get it here. */
export function withRequestIdHeader<R extends FastifyRequest, P extends FastifyReply>(
  handler: (err: FastifyError, request: R, reply: P) => void,
): (err: FastifyError, request: R, reply: P) => void {
  return (err, request, reply) => {
    setHeader(request, reply);
    handler(err, request, reply);
  };
}
