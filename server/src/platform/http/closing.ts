// A SIGTERM (main.ts) first drains, then closes.
// - Draining: the port serves as before, but readiness answers 503 (features/system/routes.ts), so load
//   balancers' health checks take this instance out of rotation before it stops accepting connections.
// - Closing: a request that still arrives on a kept-alive connection is refused like a lost database: 503 in
//   the error envelope with its request id and Retry-After, so a client or load balancer tries again
//   elsewhere and a user's report names the request. Fastify's own refusal (return503OnClosing, turned off
//   in app.ts) had neither.
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sendUnavailable } from './database-unavailable';

/**
 * The HTTP servers whose process is draining. Keyed by the server, which every encapsulated plugin context
 * of one app shares, so a route plugin asks with its own `app`.
 */
const draining = new WeakSet<Server>();

/** From now on readiness answers 503; everything else is served as before. */
export function startDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

/** Whether this app's process is draining before it closes (SIGTERM). */
export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app.server);
}

/** Install right after the request id: the refusal runs before authentication and body parsing. */
export function installClosingRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return sendUnavailable(request, reply);
  });
}
