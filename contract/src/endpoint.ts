// The endpoint table's vocabulary. Each operation of the API is described once, in
// contract/src/endpoints/<area>.ts: method, path, who may call, the schemas of its params, query, body and
// answers. The server registers its routes from these entries (server/src/platform/http/route-kit.ts), the
// OpenAPI document follows from that registration, the role matrix test takes its keys from the table, and
// the web calls the API only through its typed client (web/src/lib/endpoint-client.ts). ADR 026.
import type { z } from 'zod';
import { ROLE } from './constants';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Named sets of roles, shared by the endpoint table and the policy (policy.ts). */
export const ROLES = {
  /** Administrators. */
  admins: [ROLE.ADMIN],
  /** Those who manage feed posts and surveys: administrators and post managers. */
  contentAdmins: [ROLE.ADMIN, ROLE.EDITOR],
  /** The three roles of product.md section 6; a user of another role may only change their password. */
  known: [ROLE.ADMIN, ROLE.STAFF, ROLE.EDITOR],
} as const satisfies Record<string, readonly number[]>;

/**
 * Who may call: `public` without login, `session` any logged-in user whatever their role, or a set of
 * roles. Object-level rules (the owner, a community's manager) are the policy's, inside the service.
 */
export type Access = 'public' | 'session' | readonly number[];

/** An answer that is not JSON (a file, CSV, an event stream): documented by its media type. */
export type RawAnswer = { description: string; content: Record<string, { schema: z.ZodType }> };

export type Endpoint = {
  method: Method;
  /** The whole path, with `:name` for path parameters. */
  path: string;
  access: Access;
  /** A public operation that reads credentials from the Authorization header: which scheme (OpenAPI). */
  credentials?: 'basic' | 'bearer';
  /** OpenAPI grouping. */
  tag: string;
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Answers by status: the success answer(s) and the errors only this operation gives (409, 429, 503).
   * The errors every route can give (400, 401, 403, 404, 413, ...) are added on the server in one place.
   */
  responses: Partial<Record<number, z.ZodType | RawAnswer>>;
};

/** An entry but for its method and tag: what `get()`, `post()`, `put()`, `del()` and `tagged()` complete. */
type Operation = Omit<Endpoint, 'method' | 'tag'>;
const withMethod =
  <const M extends Method>(method: M) =>
  <const O extends Operation>(operation: O) => ({ method, ...operation });
/**
 * An entry by its method, `get({ path, access, ..., responses })`, keeping its literal types (method, path,
 * schemas) so the server and the web client infer from it. The tag comes from the `tagged()` table or
 * section around it, so an entry states only its own.
 */
export const get = withMethod('GET');
export const post = withMethod('POST');
export const put = withMethod('PUT');
export const del = withMethod('DELETE');

type Tagged<T, Tag extends string> = { [K in keyof T]: T[K] & { tag: Tag } };
/** Gives every entry of a table, or of a section of one, the same OpenAPI tag. */
export function tagged<const Tag extends string, const T extends Record<string, Omit<Endpoint, 'tag'>>>(
  tag: Tag,
  entries: T,
): Tagged<T, Tag> {
  return Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [name, { ...entry, tag }]),
  ) as Tagged<T, Tag>;
}

/** A table of endpoints: one object per area, keyed by operation name. */
export type EndpointTable = Record<string, Endpoint>;

type Schema<T> = T extends z.ZodType ? T : never;
/** What the caller sends as path parameters, query and body (the schemas' input types). */
export type ParamsIn<E extends Endpoint> = z.input<Schema<E['params']>>;
export type QueryIn<E extends Endpoint> = z.input<Schema<E['query']>>;
export type BodyIn<E extends Endpoint> = z.input<Schema<E['body']>>;
/** What the server's handler receives once validated (the schemas' output types). */
export type ParamsOut<E extends Endpoint> = z.output<Schema<E['params']>>;
export type QueryOut<E extends Endpoint> = z.output<Schema<E['query']>>;
export type BodyOut<E extends Endpoint> = z.output<Schema<E['body']>>;

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchema<E extends Endpoint> = Schema<E['responses'][Extract<keyof E['responses'], SuccessStatus>]>;
/** The success answer's body as the handler returns it (`{ data }`). */
export type AnswerIn<E extends Endpoint> = z.input<SuccessSchema<E>>;
/** The success answer's `data`, as the web client resolves it (a bare answer, such as the VAPID key, whole). */
export type AnswerData<E extends Endpoint> =
  z.output<SuccessSchema<E>> extends { data: infer D } ? D : z.output<SuccessSchema<E>>;

/** `:id` -> value; the one place a path is filled in. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** "METHOD /path": how the router, the role matrix and the OpenAPI document name an operation. */
export const routeKey = (entry: Pick<Endpoint, 'method' | 'path'>) => `${entry.method} ${entry.path}`;
