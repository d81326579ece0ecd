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
