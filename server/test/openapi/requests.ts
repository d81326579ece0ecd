// fast-check arbitraries of requests for an operation of the served OpenAPI document: params, query and
// JSON body drawn from their schemas, mostly valid (real ids, the caller's own id for user ids) and
// otherwise boundary or malformed (wrong types, missing or extra fields, huge strings, negative, zero and
// huge numbers, NUL, unicode, arrays where objects are expected).
import fc from 'fast-check';
import type { Operation } from './conformance';

type Schema = Record<string, unknown>;
export type Pools = {
  /** Ids that exist for most tables (the demo seed's first rows). */
  ids: number[];
  /** The caller's id, and other users' ids, for fields naming a user. */
  userIds: number[];
  /** Keys of stored files, for GET /files/{*}. */
  fileKeys: string[];
};
export type FuzzRequest = {
  method: string;
  url: string;
  /** A JSON body, sent as its text; `rawBody` wins when both are set. */
  body?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
};

const HUGE = 'x'.repeat(100_000);
const hostileScalars = (size: number): unknown[] => [
  -1,
  0,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1.5,
  1e308,
  '',
  ' ',
  'true',
  '1e1',
  '012',
  '0x10',
  '-1',
  'null',
  '\u0000',
  'a\u0000b',
  '\u{1D573}é\u202eǅ\uFEFF\u{1F3F3}\u{FE0F}\u200d\u{1F308}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  HUGE.slice(0, size),
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { a: { b: 1 } },
  ['x'],
];
const hostile = (size: number) => fc.constantFrom(...hostileScalars(size));

/** A field that names a user gets the caller's own id most of the time (else `userId` refuses with 403). */
const namesUser = (name: string) => /^(userId|createdById|ownerId|userIds|userIDs)$/i.test(name);
const namesId = (name: string) => name === 'id' || /Ids?$|IDs$/.test(name);

function safeRegex(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

function idArb(name: string, pools: Pools): fc.Arbitrary<number> {
  return fc.constantFrom(...(namesUser(name) ? pools.userIds : pools.ids));
}

function stringArb(s: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const min = Number(s.minLength ?? 0);
  const max = Math.min(Number(s.maxLength ?? 40), Math.max(min, 40));
  const pattern = typeof s.pattern === 'string' ? s.pattern : undefined;
  if (pattern === '^[1-9][0-9]{0,9}$') return idArb(name, pools).map(String);
  if (s.format === 'email' || /@/.test(pattern ?? '') || /email/i.test(name))
    return fc.constantFrom('someone@example.com', 'New.Person@Example.org', 'admin@example.com');
  if (s.format === 'date-time')
    return fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((t) => new Date(t).toISOString());
  if (name === 'tz') return fc.constantFrom('UTC', 'Africa/Johannesburg', 'Europe/Berlin');
  if (s.format === 'date') return fc.constantFrom('2024-02-29', '2026-11-23', '2030-01-01');
  if (s.format === 'uri' || s.format === 'url' || /url|endPoint/i.test(name))
    return fc.constantFrom('https://push.example.com/abc', 'https://example.com/x');
  const re = pattern ? safeRegex(pattern) : undefined;
  const plain = fc.oneof(
    fc.constantFrom('Hello', 'A title', 'Ünïcødé 漢字', 'Good#Pass1x'),
    fc.string({ minLength: min, maxLength: max }),
  );
  if (re) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(re);
    } catch {
      matching = plain;
    }
    return fc.oneof(matching, plain).filter((v) => v.length >= min && v.length <= Number(s.maxLength ?? 1e9));
  }
  return plain.filter((v) => v.length >= min && v.length <= Number(s.maxLength ?? 1e9));
}

/** A value the schema accepts (most of the time: patterns and cross-field rules are approximated). */
export function validArb(s: Schema, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const base = validBase(s, name, pools, depth);
  return s.nullable === true ? fc.oneof(base, fc.constant(null)) : base;
}

function validBase(s: Schema, name: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...s.enum);
  const union = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (union?.length) return fc.oneof(...union.map((u) => validArb(u, name, pools, depth)));
  if (Array.isArray(s.allOf) && s.allOf[0]) return validArb(s.allOf[0] as Schema, name, pools, depth);
  switch (s.type) {
    case 'integer':
    case 'number': {
      if (namesId(name) || namesUser(name)) return idArb(name, pools);
      const lo = s.minimum === undefined ? -3 : Number(s.minimum) + (s.exclusiveMinimum === true ? 1 : 0);
      const hi =
        s.maximum === undefined ? lo + 100 : Number(s.maximum) - (s.exclusiveMaximum === true ? 1 : 0);
      return fc.integer({ min: Math.max(lo, -1e6), max: Math.max(Math.min(hi, lo + 1000), lo) });
    }
    case 'string':
      return stringArb(s, name, pools);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items ?? {}) as Schema;
      const minLength = Number(s.minItems ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(s.maxItems ?? 3), 3));
      if (depth > 4) return fc.constant([]);
      return fc.array(validArb(items, singular(name), pools, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, inner] of Object.entries(props)) model[key] = validArb(inner, key, pools, depth + 1);
      return fc.record(model, { requiredKeys: required.filter((k) => k in props) });
    }
    default:
      return fc.constantFrom(null, 1, 'x', {});
  }
}

const singular = (name: string) => name.replace(/Ids$/, 'Id').replace(/IDs$/, 'ID');

/** Mostly valid, sometimes hostile: the value for one parameter or body field. */
export function fuzzArb(
  s: Schema,
  name: string,
  pools: Pools,
  size: number,
  depth = 0,
): fc.Arbitrary<unknown> {
  const inner =
    s.type === 'object' && depth < 2
      ? objectFuzz(s, pools, size, depth)
      : s.type === 'array' && depth < 3
        ? fc.array(fuzzArb((s.items ?? {}) as Schema, singular(name), pools, size, depth + 1), {
            maxLength: 3,
          })
        : validArb(s, name, pools, depth);
  return fc.oneof({ arbitrary: inner, weight: 5 }, { arbitrary: hostile(size), weight: 1 });
}

function objectFuzz(s: Schema, pools: Pools, size: number, depth: number): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = ((s.required ?? []) as string[]).filter((k) => k in props);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, inner] of Object.entries(props)) model[key] = fuzzArb(inner, key, pools, size, depth + 1);
  const record = fc.record(model, { requiredKeys: required });
  return fc.oneof(
    { arbitrary: record, weight: 6 },
    // A required field left out.
    {
      arbitrary: fc.tuple(record, fc.nat()).map(([v, i]) => {
        const copy = { ...(v as Record<string, unknown>) };
        if (required.length) delete copy[required[i % required.length] as string];
        return copy;
      }),
      weight: 1,
    },
    // Mass assignment: fields the schema does not name.
    {
      arbitrary: record.map((v) => ({
        ...(v as object),
        roleId: 1,
        isAdmin: true,
        passwordHash: 'x',
        tokenVersion: 0,
        ['__proto__']: { admin: true },
      })),
      weight: 1,
    },
    // An array (or a scalar) where the object is expected.
    { arbitrary: record.map((v) => [v]), weight: 1 },
  );
}

/** Query values as text: arrays repeat the key, objects go as their JSON. */
function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      params.append(k, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Requests for `operation`: path and query parameters and the JSON body (when it takes one). `valid` draws
 * only values the schemas accept (approximately), for calls meant to succeed.
 */
export function requestArb(
  operation: Operation,
  pools: Pools,
  mode: 'fuzz' | 'valid' = 'fuzz',
): fc.Arbitrary<FuzzRequest> {
  const field = (s: Schema, name: string, size: number) =>
    mode === 'valid' ? validArb(s, name, pools) : fuzzArb(s, name, pools, size);
  const params = operation.op.parameters ?? [];
  const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredQuery: string[] = [];
  for (const p of params) {
    if (p.in === 'path') {
      pathModel[p.name] =
        p.name === '*'
          ? mode === 'valid'
            ? fc.constantFrom(...pools.fileKeys)
            : fc.oneof(
                { arbitrary: fc.constantFrom(...pools.fileKeys, 'post/none.png'), weight: 4 },
                { arbitrary: hostile(3000), weight: 1 },
              )
          : field(p.schema, p.name, 3000);
    }
    if (p.in === 'query') {
      queryModel[p.name] = field(p.schema, p.name, 3000);
      if (p.required) requiredQuery.push(p.name);
    }
  }
  const json = operation.op.requestBody?.content['application/json']?.schema;
  const bodyArb: fc.Arbitrary<unknown> = !json
    ? fc.constant(undefined)
    : mode === 'valid'
      ? validArb(json as Schema, 'body', pools)
      : fc.oneof(
          { arbitrary: fuzzArb(json as Schema, 'body', pools, HUGE.length), weight: 8 },
          { arbitrary: fc.constantFrom('text', 0, null, true, [], [[]]), weight: 1 },
        );
  return fc
    .record({
      path: fc.record(pathModel, { requiredKeys: Object.keys(pathModel) }),
      query: fc.record(queryModel, { requiredKeys: requiredQuery }),
      body: bodyArb,
    })
    .map(({ path, query, body }) => {
      let url = operation.path;
      for (const [name, value] of Object.entries(path)) {
        const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
        // The file key keeps its slashes; every other parameter is one path segment.
        const encoded = name === '*' ? encodeURI(text) : encodeURIComponent(text);
        url = url.replace(`{${name}}`, encoded || '%20');
      }
      return {
        method: operation.method,
        url: url + queryString(query as Record<string, unknown>),
        ...(json ? { body } : {}),
      };
    });
}
