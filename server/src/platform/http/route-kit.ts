// The one way a route is registered: from its entry in the endpoint table (contract/src/endpoints/).
// The entry gives the method, path, schemas and who may call; the kit adds the guard (at onRequest, so
// 401/403 are settled before the body is looked at), hands the schemas to zod validation and to the
// OpenAPI document, and types the handler's request and answer from the entry. ADR 026.
import {
  type Access,
  type AnswerIn,
  type BodyOut,
  type Endpoint,
  type ParamsOut,
  type QueryOut,
  routeKey,
} from '@hearth/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { allowRoles, authenticate } from '../auth/guards';

/** The request as the handler sees it: validated params, query and body typed from the entry. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
};

/** A handler answers the entry's success body (`{ data }`), or sends its own answer through `reply`. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerIn<E> | FastifyReply>;

/**
 * Route options that are the server's business, not the contract's (timeouts, body limits, compression,
 * hooks): any of Fastify's except what the entry decides.
 */
export type ServerOptions = Partial<
  Omit<RouteOptions, 'method' | 'url' | 'schema' | 'handler' | 'onRequest'>
> & {
  /** Replaces the bearer-token check (the live stream authenticates with its single-use ticket). */
  authenticate?: onRequestHookHandler;
};

/** The onRequest hooks for an entry's access. */
export function guardFor(access: Access, authenticateWith: onRequestHookHandler = authenticate) {
  if (access === 'public') return [];
  if (access === 'session') return [authenticateWith];
  return [authenticateWith, allowRoles(...access)];
}

/** Registers `entry` on `app` with `handler`. */
function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  options: ServerOptions = {},
): void {
  const { authenticate: authenticateWith, ...routeOptions } = options;
  const onRequest = guardFor(entry.access, authenticateWith);
  app.route({
    ...routeOptions,
    method: entry.method,
    url: entry.path,
    schema: {
      tags: [entry.tag],
      ...(entry.summary ? { summary: entry.summary } : {}),
      ...(entry.credentials ? { security: [{ [entry.credentials]: [] }] } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      response: entry.responses,
    },
    ...(onRequest.length ? { onRequest } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * A handler for each operation of a table, alone or with its server options. An area whose handlers live
 * in several files gives each file a `Partial<Handlers<typeof table>>` to fill.
 */
export type Handlers<T extends Record<string, Endpoint>> = {
  [K in keyof T]: EndpointHandler<T[K]> | [EndpointHandler<T[K]>, ServerOptions];
};

/** Registers every entry of `table` that has a handler in `handlers`; a missing handler is a start-up error. */
export function routes<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
): void {
  for (const [name, entry] of Object.entries(table) as [keyof T & string, T[keyof T & string]][]) {
    const given = handlers[name];
    if (!given) throw new Error(`No handler for ${routeKey(entry)} (${name})`);
    const [handler, options] = Array.isArray(given) ? given : [given, {}];
    route(app, entry, handler, options);
  }
}
