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
  ) {
    super(message);
  }
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
 * The error of a refused answer, from its `{ error, code, fields }` body: the one reading of error bodies
 * for fetch calls, uploads and downloads. `what` names the failure when the body says nothing.
 */
export function apiErrorFrom(status: number, body: unknown, what = 'Request'): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    code?: unknown;
    fields?: unknown;
  };
  const message = typeof b.error === 'string' && b.error ? b.error : `${what} failed (${status})`;
  const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
  const fields = b.fields && typeof b.fields === 'object' ? (b.fields as FieldErrors) : undefined;
  return new ApiError(status, code, message, fields);
}
