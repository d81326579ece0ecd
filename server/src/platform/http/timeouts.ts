// How long a client may take: a connection that sends nothing, headers that never finish, a body that
// trickles in. Without these a half-sent request held its socket forever (issue 13, finding 12).
//
// Two kinds of route need more than the ordinary limits, and say so in their route `config`:
// - `longBody`: the upload route, whose body may be a 500 MB video on a slow link. It is exempt from the
//   body deadline; the idle timeout still cuts an upload that stops, and requestTimeout is its ceiling.
// - `longLived`: the notification stream (SSE), which answers for up to 15 minutes. Its heartbeat writes
//   every 25 s, so its socket gets `streamIdleMs` instead of the ordinary idle timeout.

import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { clientErrorHandler } from './client-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request body may take longer than `bodyMs` to arrive (large uploads). */
    longBody?: boolean;
    /** The answer is a long-lived stream: the socket gets `streamIdleMs` as its idle timeout. */
    longLived?: boolean;
  }
}

export type HttpTimeouts = {
  /** A socket with no bytes in either direction for this long is closed (Node's server.timeout). */
  idleMs: number;
  /** An idle keep-alive connection between requests is closed after this long. */
  keepAliveMs: number;
  /** The request line and headers must have arrived within this long (Node's headersTimeout). */
  headersMs: number;
  /** An ordinary request's body must have arrived within this long of the request starting. */
  bodyMs: number;
  /** No request, upload or not, may take longer than this to arrive (Node's requestTimeout). */
  requestMs: number;
  /** The idle timeout of a long-lived stream; must exceed its heartbeat. */
  streamIdleMs: number;
  /** How often Node looks for requests past headersMs or requestMs (its default, 30 s, makes them late). */
  checkIntervalMs: number;
};

/** Production defaults. */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  idleMs: 60_000,
  // Above the 60 s idle timeout of common load balancers, so they, not we, close idle connections first.
  keepAliveMs: 72_000,
  headersMs: 20_000,
  // The largest ordinary body (a 4 MB avatar in JSON) at 256 kbit/s.
  bodyMs: 120_000,
  // A 500 MB video at about 1.2 Mbit/s.
  requestMs: 60 * 60_000,
  // The stream's heartbeat comes every 25 s: three missed beats.
  streamIdleMs: 90_000,
  checkIntervalMs: 5_000,
};

/** The Fastify (and through `http`, Node) server options for these timeouts. */
export function serverTimeoutOptions(t: HttpTimeouts): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: ServerOptions;
} {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}

/** The per-route parts: the body deadline of ordinary routes, the idle timeout of long-lived streams. */
export function installRouteTimeouts(app: FastifyInstance, t: HttpTimeouts): void {
  app.addHook('onRequest', async (request, reply) => {
    // inject() has no real socket.
    const socket = request.raw.socket as Partial<Socket> | undefined;
    if (typeof socket?.setTimeout !== 'function' || typeof socket.destroy !== 'function') return;
    const config = request.routeOptions.config;
    if (config.longLived) {
      socket.setTimeout(t.streamIdleMs);
      return;
    }
    const hasBody =
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (config.longBody || !hasBody || request.raw.complete) return;
    // A body still arriving: past the deadline the client gets the 408 Node gives past requestTimeout, and
    // the connection is closed.
    const timer = setTimeout(() => {
      if (request.raw.complete) return;
      const err = Object.assign(new Error('request body too slow'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
      clientErrorHandler(err, socket as Socket);
    }, t.bodyMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}
