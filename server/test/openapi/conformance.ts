// Checks a live answer against the served OpenAPI document: the status is listed for the operation, the
// Content-Type is one listed for that status, the body is valid against that status's schema (ajv), and
// every error answer is the error envelope. Used by openapi-live.test.ts and openapi-fuzz.test.ts.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';

type Schema = Record<string, unknown>;
export type Media = { schema?: Schema };
export type ResponseObject = { description?: string; content?: Record<string, Media> };
export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
};
export type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, ResponseObject>;
};
export type Document = { openapi: string; paths: Record<string, Record<string, OperationObject>> };
export type Operation = { key: string; method: string; path: string; op: OperationObject };

export async function fetchDocument(app: FastifyInstance): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/v1/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/v1/docs/json answered ${res.statusCode}`);
  return res.json() as Document;
}

/** Every operation of the document as `METHOD /path` (the path as the document writes it). */
export function operationsOf(doc: Document): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      out.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op });
  return out;
}

/** Fastify's `/users/:id` and `/files/*` as the document writes them: `/users/{id}`, `/files/{*}`. */
export const documentPath = (route: string) => route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * OpenAPI 3.0 schema -> JSON Schema for ajv: boolean exclusiveMinimum/Maximum become numbers and
 * `nullable` becomes a union with null.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toJsonSchema(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] === 'boolean') {
      if (out[flag]) out[flag] = out[bound];
      else delete out[flag];
      if (out[flag] !== undefined) delete out[bound];
    }
  }
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return out;
}

/** The error envelope `{ error, code, fields?, requestId? }` and nothing else. */
const ENVELOPE = {
  type: 'object',
  properties: {
    error: { type: 'string', minLength: 1 },
    code: { type: 'string', minLength: 1 },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    requestId: { type: 'string' },
  },
  required: ['error', 'code'],
  additionalProperties: false,
};

const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** `text/csv` matches a listed `text/csv`, `text/*` or `*\/*`. */
function listedMedia(content: Record<string, Media>, type: string): Media | undefined {
  if (content[type]) return content[type];
  const range = `${type.split('/')[0]}/*`;
  return content[range] ?? content['*/*'];
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

export class Conformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, logger: false });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly envelope: ValidateFunction;

  constructor() {
    (addFormatsPlugin as unknown as (ajv: Ajv) => void)(this.ajv);
    this.envelope = this.ajv.compile(ENVELOPE);
  }

  /** What is wrong with `res` as an answer of `operation`; empty when it conforms. */
  problems(operation: Operation, res: InjectResponse): string[] {
    const status = String(res.statusCode);
    const out: string[] = [];
    if (res.statusCode >= 500) out.push(`answered ${status}`);
    const listed = operation.op.responses[status] ?? operation.op.responses[`${status[0]}XX`];
    if (!listed) return [...out, `status ${status} is not in the document`];
    const type = mediaType(res.headers['content-type']);
    const content = listed.content ?? {};
    if (Object.keys(content).length === 0) {
      if (res.body.length > 0) out.push(`status ${status} documents no body, got ${type || 'no type'}`);
      return out;
    }
    const media = type ? listedMedia(content, type) : undefined;
    if (!media) {
      out.push(`Content-Type "${type}" is not listed for ${status} (${Object.keys(content).join(', ')})`);
      return out;
    }
    if (!isJson(type)) {
      // A text or binary answer: its schema is a string, which any body is.
      if (res.statusCode >= 400) out.push(`error ${status} is ${type}, not the JSON error envelope`);
      return out;
    }
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return [...out, `body is not JSON: ${res.body.slice(0, 80)}`];
    }
    if (media.schema) {
      const key = `${operation.key} ${status} ${type}`;
      let validate = this.compiled.get(key);
      if (!validate) {
        validate = this.ajv.compile(toJsonSchema(media.schema) as Schema);
        this.compiled.set(key, validate);
      }
      if (!validate(body))
        out.push(`body does not fit the ${status} schema: ${this.ajv.errorsText(validate.errors)}`);
    }
    if (res.statusCode >= 400 && !this.envelope(body))
      out.push(`error body outside the envelope: ${this.ajv.errorsText(this.envelope.errors)}`);
    return out;
  }
}
