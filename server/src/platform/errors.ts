// Errors are values with a stable code; the error handler in app.ts turns them into `{ error, code, fields }`.
import { MSG } from '@hearth/contract';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('invalid_input', 400, message, fields);
/** A 400 naming one form field, so the web can show the message under it. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });
export const unauthenticated = (message: string = MSG.unauthenticated) =>
  new AppError('unauthenticated', 401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('forbidden', 403, message);
export const notFound = (message: string = MSG.notFound) => new AppError('not_found', 404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('conflict', 409, message, fields);
export const tooLarge = (message: string) => new AppError('too_large', 413, message);
export const tooManyRequests = (message: string) => new AppError('rate_limited', 429, message);
