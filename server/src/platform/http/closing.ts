// While the app closes (the SIGTERM drain in main.ts), a request that still arrives on a kept-alive
// connection is refused like a lost database: 503 in the error envelope with its request id and
// Retry-After, so a client or load balancer tries again elsewhere and a user's report names the request.
// Fastify's own refusal (return503OnClosing, turned off in app.ts) had neither.
import type { FastifyInstance } from 'fastify';
import { sendUnavailable } from './database-unavailable';

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
