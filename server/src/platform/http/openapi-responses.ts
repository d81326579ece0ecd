// The error answers every route can give, added to each route's response schemas in one place, so the
// OpenAPI document (/v1/docs/json) lists them. Routes declare their success answers and the errors only
// they give (409, 429, 503); the answers that come from the framework and the shared hooks are added here:
// - 400: the NUL guard looks at every query string and body, and zod validates params, query and body;
// - 401, 403, 404: every /v1/api route is behind login and a role, and refers to records that may be gone;
// - 413, 415: a route that reads a body refuses one over the body limit or of a type it does not parse;
// - 408, 431: Node refuses a request that takes too long or whose headers are too large, before any route
//   runs (client-errors.ts answers the envelope);
// - 414: the router refuses a path parameter over its length limit (framework-errors.ts);
// - 500: an unexpected failure, answered as the envelope with the request id.
// Each is the error envelope. The fuzz test (test/openapi-fuzz.test.ts) checks the list against live answers.
import { errorBody } from '@hearth/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** What each error status means here; the document shows it as the response's description. */
const MEANING: Record<number, string> = {
  400: 'Invalid input: `fields` names each refused field',
  401: 'Not logged in, or the session is no longer valid',
  403: 'The caller’s role may not do this',
  404: 'Not found, or not visible to the caller',
  408: 'The request took too long to arrive',
  409: 'Conflicts with the current state of the record',
  413: 'Request body too large',
  414: 'A path parameter is longer than any id or key',
  415: 'Unsupported request body media type',
  429: 'Too many attempts: try again later',
  431: 'Request headers too large',
  500: 'Unexpected failure: `requestId` identifies it in the log',
  503: 'Temporarily unavailable',
};
const DESCRIBED = new Map(
  Object.entries(MEANING).map(([status, text]) => [status, errorBody.describe(text)]),
);
const envelopes = (statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorBody]));

const ALWAYS = envelopes([400, 408, 431, 500]);
const BEHIND_LOGIN = envelopes([401, 403, 404]);
const WITH_BODY = envelopes([413, 415]);
const WITH_PATH_PARAMS = envelopes([414]);
/** Methods whose body Fastify reads (and may refuse); GET and HEAD bodies are never parsed. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error responses `route` can answer that its own schema may not declare. */
export function commonErrorResponses(route: Pick<RouteOptions, 'method' | 'url'>): Record<number, unknown> {
  const methods = [route.method].flat();
  return {
    ...ALWAYS,
    ...(route.url.startsWith('/v1/api/') ? BEHIND_LOGIN : {}),
    ...(/[:*]/.test(route.url) ? WITH_PATH_PARAMS : {}),
    ...(methods.some((m) => BODY_METHODS.has(m)) ? WITH_BODY : {}),
  };
}

/** Call before routes are registered: routes added later get the missing error responses merged in. */
export function installOpenApiResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // Routes without a schema (the docs pages' own files) are not part of the API's document.
    if (!route.schema || route.schema.hide) return;
    const declared = (route.schema.response ?? {}) as Record<string, unknown>;
    const response: Record<string, unknown> = { ...commonErrorResponses(route), ...declared };
    // The plain envelope gets its status's meaning; a route's own described schema is kept.
    for (const [status, schema] of Object.entries(response))
      if (schema === errorBody && DESCRIBED.has(status)) response[status] = DESCRIBED.get(status);
    // A new object: a route's schema may be shared with another route (HEAD copies GET's).
    route.schema = { ...route.schema, response };
  });
}
