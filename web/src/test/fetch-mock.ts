// The API as component tests see it: `fetch` stubbed at the network boundary, so the app's own client
// (lib/api.ts, lib/endpoint-client.ts) builds every request and reads every answer as in the browser. Each
// route answers per method and path (an endpoint entry of the contract, or "METHOD /path" with `:name`
// parameters); every request is recorded, and one that no route answers gets a 404 and is kept in
// `unanswered` so a test can tell. An answer given for an endpoint entry must match the entry's schema for
// its status, so a fixture cannot drift from what the server sends.
import { type Endpoint, routeKey } from '@hearth/contract';
import { vi } from 'vitest';

export type SentRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, the FormData as sent, or undefined. */
  body: unknown;
  /** Path parameters of the route that answered. */
  params: Record<string, string>;
};

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
/** An answer, or a function of the request giving one; a promise that never settles keeps it loading. */
export type Reply = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

/** A success answer as the server sends it: `{ data }`. */
export const ok = (data: unknown, status = 200): Answer => ({ status, body: { data } });

/** A refused answer as the server sends it: `{ error, code, fields?, requestId? }`. */
export const fail = (
  status: number,
  error: string,
  extra: { code?: string; fields?: Record<string, string>; requestId?: string } = {},
): Answer => ({ status, body: { error, code: extra.code ?? `HTTP_${status}`, ...extra } });

/** A reply that never comes: the screen stays in its loading state. */
export const never: Reply = () => new Promise<Answer>(() => {});

/** An endpoint entry of the contract, or "METHOD /path". */
export type RouteLike = (Pick<Endpoint, 'method' | 'path'> & Partial<Pick<Endpoint, 'responses'>>) | string;

type Route = { method: string; pattern: RegExp; names: string[]; reply: Reply; entry?: Endpoint };

type Schema = { safeParse: (value: unknown) => { success: boolean; error?: unknown } };

/** Throws when `answer` does not match what `entry` says the server answers with that status. */
function checkAgainstContract(entry: Endpoint, answer: Answer): void {
  const schema = entry.responses[answer.status] as Schema | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return;
  const result = schema.safeParse(answer.body);
  if (!result.success) {
    throw new Error(
      `The test answer for ${routeKey(entry)} (${answer.status}) does not match the contract: ${String(result.error)}`,
    );
  }
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

async function readBody(body: BodyInit | null | undefined): Promise<unknown> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

export type ApiMock = {
  /** Answers `route` (an endpoint entry or "METHOD /path") with `reply` from now on; the last one set wins. */
  on(route: RouteLike, reply: Reply): ApiMock;
  /** Every request sent so far, in order. */
  requests: SentRequest[];
  /** Requests no route answered. */
  unanswered: SentRequest[];
  /** Answers of reply functions that did not match the contract (the request then failed). */
  mismatched: string[];
  /** The requests sent to `route`. */
  sent(route: RouteLike): SentRequest[];
};

/** Stubs `fetch` for the current test (the set-up file restores it after each test). */
export function mockApi(): ApiMock {
  const routes: Route[] = [];
  const requests: SentRequest[] = [];
  const unanswered: SentRequest[] = [];
  const mismatched: string[] = [];
  const keyOf = (route: RouteLike) => (typeof route === 'string' ? route : routeKey(route));

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    // Names in lower case, as the Fetch standard gives them (happy-dom keeps the case they were set in).
    const headers = Object.fromEntries(
      [...new Headers(init.headers).entries()].map(([name, value]) => [name.toLowerCase(), value]),
    );
    const request: SentRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      headers,
      body: await readBody(init.body),
      params: {},
    };
    requests.push(request);
    const route = [...routes].reverse().find((r) => r.method === method && r.pattern.test(url.pathname));
    let answer: Answer;
    if (route) {
      const values = route.pattern.exec(url.pathname)?.slice(1) ?? [];
      request.params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]),
      );
      answer = typeof route.reply === 'function' ? await route.reply(request) : route.reply;
      if (route.entry && typeof route.reply === 'function') {
        try {
          checkAgainstContract(route.entry, answer);
        } catch (err) {
          mismatched.push(String(err));
          throw err;
        }
      }
    } else {
      unanswered.push(request);
      answer = fail(404, `No test answer for ${method} ${url.pathname}`);
    }
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  const mock: ApiMock = {
    on(route, reply) {
      const [method = 'GET', path = '/'] = keyOf(route).split(' ');
      const entry = typeof route === 'string' ? undefined : (route as Endpoint);
      if (entry?.responses && typeof reply !== 'function') checkAgainstContract(entry, reply);
      routes.push({ method, ...compile(path), reply, entry: entry?.responses ? entry : undefined });
      return mock;
    },
    requests,
    unanswered,
    mismatched,
    sent(route) {
      const [method = 'GET', path = '/'] = keyOf(route).split(' ');
      const { pattern } = compile(path);
      return requests.filter((r) => r.method === method && pattern.test(r.path));
    },
  };
  return mock;
}
