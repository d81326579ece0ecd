// The single API client (product.md sections 4 and 7): every call goes through `apiRequest`.
// It adds the bearer token and the no-cache / deny-framing headers, enforces the timeouts, refreshes an
// expired access token first (one shared refresh per tab, serialised across tabs), unwraps `{ data }`
// and turns `{ error, code, fields }` answers into ApiError.
import type { RefreshResult } from '@hearth/contract';
import { authEndpoints, LIMITS, PATHS } from '@hearth/contract';
import { ApiError, apiErrorFrom, parseJsonBody, REQUEST_ID_HEADER } from './api-error';
import { clearSession, isAccessTokenExpired, readSession, updateSession } from './session';

export { ApiError, isApiError, isSessionExpired } from './api-error';

const BASE_URL = (import.meta.env.VITE_API_URL ?? '').replace(/\/+$/, '');

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** Send the access token (default). Public auth calls pass false. */
  auth?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Lets the request outlive the page (events sent as the page is hidden); bodies up to 64 KB. */
  keepalive?: boolean;
};

export function apiUrl(path: string, query?: Query): string {
  const base = BASE_URL || window.location.origin;
  const url = new URL(path, `${base}/`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export const BASE_HEADERS: Record<string, string> = {
  Accept: 'application/json',
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
  'X-Frame-Options': 'DENY',
};

async function send(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(url, { ...init, signal: controller.signal, credentials: 'same-origin' });
  } catch (err) {
    if (timedOut) {
      throw new ApiError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    }
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody<T>(res: Response): Promise<T> {
  const json = parseJsonBody(await res.text());
  if (res.ok) {
    return (json && typeof json === 'object' && 'data' in json ? (json as { data: T }).data : json) as T;
  }
  throw apiErrorFrom(res.status, json, undefined, res.headers.get(REQUEST_ID_HEADER));
}

/**
 * Set while a logout runs (features/auth/api.ts): the logout alone decides where the browser goes. A page's
 * request still in flight is refused once the session is revoked, and its move to the login page would
 * otherwise replace the identity provider's logout page the logout had just sent the browser to.
 */
let loggingOut = false;
export function setLoggingOut(on: boolean): void {
  loggingOut = on;
}

/** Clears the stored session and sends the browser to the login page, remembering where it was. */
export function expireSession(): never {
  clearSession();
  // Already on the login page (a request that was still on its way when the logout ended, then answered
  // 401): nothing to go to. Reloading it cut short whatever the user did next there.
  const onLogin = window.location.pathname === '/' || window.location.pathname === PATHS.login;
  if (!loggingOut && !onLogin) {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`${PATHS.login}?next=${encodeURIComponent(here)}`);
  }
  throw new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
}

let refreshing: Promise<string> | null = null;

async function refreshNow(staleRefreshToken: string): Promise<string> {
  const state = readSession();
  if (state.kind !== 'ok') throw new ApiError(401, 'NO_SESSION', 'Please log in');
  // Another tab may already have rotated the token while we waited for the lock: use its result.
  if (state.profile.refreshToken !== staleRefreshToken && !isAccessTokenExpired(state.profile)) {
    return state.profile.accessToken;
  }
  const res = await send(
    apiUrl(authEndpoints.refreshToken.path),
    {
      method: 'POST',
      headers: { ...BASE_HEADERS, Authorization: `Bearer ${state.profile.refreshToken}` },
    },
    LIMITS.refreshTimeoutMs,
  );
  const tokens = await readBody<RefreshResult>(res);
  updateSession(tokens);
  return tokens.accessToken;
}

/**
 * Refreshes the access token. Concurrent callers in this tab share one promise; the Web Locks API keeps
 * two tabs from spending the same rotating refresh token (a reused one revokes the whole family).
 */
function sharedRefresh(staleRefreshToken: string): Promise<string> {
  if (!refreshing) {
    const run = () => refreshNow(staleRefreshToken);
    const locked = navigator.locks ? navigator.locks.request('hearth-token-refresh', run) : run();
    refreshing = locked.finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** An unreachable server does not prove the session is bad; a refused refresh does. */
function refreshWasRefused(err: unknown): boolean {
  return !(err instanceof ApiError && err.status === 0);
}

async function refreshOrExpire(staleRefreshToken: string): Promise<string> {
  try {
    return await sharedRefresh(staleRefreshToken);
  } catch (err) {
    if (refreshWasRefused(err)) expireSession();
    throw err;
  }
}

/**
 * For the login page: tries to revive a stored session whose access token has expired.
 * Answers false (and forgets the session when the server refused it) instead of redirecting.
 */
export async function reviveSession(): Promise<boolean> {
  const state = readSession();
  if (state.kind !== 'ok') return false;
  if (!isAccessTokenExpired(state.profile)) return true;
  try {
    await sharedRefresh(state.profile.refreshToken);
    return true;
  } catch (err) {
    if (refreshWasRefused(err)) {
      clearSession();
      return false;
    }
    // Offline (or the server unreachable): the session was not refused. Inside, the pages read what the
    // service worker kept (issue 14: offline shell) and say they are offline.
    return true;
  }
}

/**
 * The access token to send, refreshed first when it has expired. Exported for the upload helper, which
 * sends through XMLHttpRequest (fetch reports no upload progress).
 */
export async function validAccessToken(): Promise<string> {
  const state = readSession();
  if (state.kind !== 'ok') expireSession();
  if (!isAccessTokenExpired(state.profile)) return state.profile.accessToken;
  return refreshOrExpire(state.profile.refreshToken);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, timeoutMs = LIMITS.requestTimeoutMs, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);

  const attempt = async (token: string | undefined) => {
    const allHeaders = {
      ...headers,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    };
    const init: RequestInit = { method, headers: allHeaders, body: payload, keepalive: options.keepalive };
    return send(apiUrl(path, query), init, timeoutMs, signal);
  };

  if (!auth) return readBody<T>(await attempt(undefined));

  const token = await validAccessToken().catch((err: unknown) => {
    // Offline: a read still goes out, with the expired token, so the service worker can answer from its
    // offline copy; the server, once reachable again, would only answer 401 and the refresh below runs.
    const state = readSession();
    if (method === 'GET' && !refreshWasRefused(err) && state.kind === 'ok') {
      return state.profile.accessToken;
    }
    throw err;
  });
  let res = await attempt(token);
  if (res.status === 401) {
    // The server may reject a token our clock thinks is valid (revoked, clock skew): refresh once, retry.
    const state = readSession();
    if (state.kind !== 'ok') expireSession();
    res = await attempt(await refreshOrExpire(state.profile.refreshToken));
    if (res.status === 401) expireSession();
  }
  return readBody<T>(res);
}

export const api = {
  get: <T>(path: string, query?: Query, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  del: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
