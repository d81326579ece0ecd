// Toasts (SPEC section 8: the server's `error` text is shown as an error toast). The message API comes
// from antd's message.useMessage so toasts follow the theme; `Toasts` in providers.tsx hands it over.
import { MSG } from '@hearth/contract';
import type { message } from 'antd';
import { isApiError, isSessionExpired } from './api-error';

type MessageInstance = ReturnType<typeof message.useMessage>[0];

let messageApi: MessageInstance | null = null;

export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

/** The text to show for a failed call: the server's `error`, else a generic sentence. */
export function errorText(err: unknown, fallback: string = MSG.somethingWrong): string {
  if (isApiError(err) && err.message) return err.message;
  return fallback;
}

export function toastError(err: unknown, fallback?: string): void {
  // The page is already leaving for the login screen; a toast would only flash.
  if (isSessionExpired(err)) return;
  messageApi?.error(errorText(err, fallback));
}

export function toastSuccess(text: string): void {
  messageApi?.success(text);
}
