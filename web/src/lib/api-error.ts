// The one error type every API call throws, so screens can show `error` and map `fields` onto forms.

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server was not reached (network failure or timeout). */
    readonly status: number,
    /** The server's stable error code, or a client-side one (NETWORK, TIMEOUT, SESSION_EXPIRED). */
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** The server's id of the request (its body's `requestId` or the X-Request-Id header): the log's key. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** The response header that names the request in the server's log. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id as the server sends them; anything else (a proxy's page, a cut answer) is not shown. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

const wellFormedId = (value: unknown): string | undefined =>
  typeof value === 'string' && REQUEST_ID.test(value) ? value : undefined;

/** The request id an error carries, for the "Reference" under an error message; undefined when none. */
export function requestIdOf(value: unknown): string | undefined {
  return value instanceof ApiError ? value.requestId : undefined;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The session ended and the page is already on its way to the login screen: nothing more to show. */
export function isSessionExpired(value: unknown): boolean {
  return value instanceof ApiError && value.code === 'SESSION_EXPIRED';
}

/** JSON text as a value; undefined for an empty or malformed body (a proxy's HTML page, a cut answer). */
export function parseJsonBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The error of a refused answer, from its `{ error, code, fields, requestId? }` body: the one reading of error
 * bodies for fetch calls, uploads and downloads. `what` names the failure when the body says nothing;
 * `headerId` is the answer's X-Request-Id, for bodies without a `requestId` (every answer has the header).
 */
export function apiErrorFrom(
  status: number,
  body: unknown,
  what = 'Request',
  headerId?: string | null,
): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    code?: unknown;
    fields?: unknown;
    requestId?: unknown;
  };
  const message = typeof b.error === 'string' && b.error ? b.error : `${what} failed (${status})`;
  const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
  const fields = b.fields && typeof b.fields === 'object' ? (b.fields as FieldErrors) : undefined;
  const requestId = wellFormedId(b.requestId) ?? wellFormedId(headerId);
  return new ApiError(status, code, message, fields, requestId);
}

/** Whether `value` is a call that never reached the server while the browser is offline. */
export function isOfflineFailure(value: unknown): boolean {
  // `=== false`: where there is no such flag (Node's navigator), nothing says the browser is offline.
  return isApiError(value) && value.status === 0 && globalThis.navigator?.onLine === false;
}
