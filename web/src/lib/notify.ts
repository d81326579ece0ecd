// Toasts (product.md section 8: the server's `error` text is shown as an error toast). Errors stay until
// closed and are announced at once (role alert); confirmations stay five seconds and are announced politely
// (issue 14: toasts vanished before they could be read). The toast outlet is its own chunk, loaded the
// first time a toast is asked for (the login page's budget), so a toast asked for before it is there
// waits in a queue; providers.tsx mounts the outlet when asked.
import { MSG } from '@hearth/contract';
import { isApiError, isSessionExpired, requestIdOf } from './api-error';

/** `reference`: the failed request's id, shown under the error (error-reference.tsx). */
export type ToastApi = { error: (text: string, reference?: string) => void; success: (text: string) => void };

let api: ToastApi | null = null;
let waiting: ((api: ToastApi) => void)[] = [];
let askForOutlet: (() => void) | null = null;

/** The outlet hands over its API when it mounts, and null when it unmounts. */
export function bindToastApi(next: ToastApi | null): void {
  api = next;
  if (!next) return;
  for (const show of waiting) show(next);
  waiting = [];
}

/** providers.tsx says how to mount the outlet. */
export function onToastOutletNeeded(mount: (() => void) | null): void {
  askForOutlet = mount;
  if (mount && waiting.length > 0) mount();
}

function show(call: (api: ToastApi) => void): void {
  if (api) {
    call(api);
    return;
  }
  waiting.push(call);
  askForOutlet?.();
}

/** The text to show for a failed call: the server's `error`, else a generic sentence. */
export function errorText(err: unknown, fallback: string = MSG.somethingWrong): string {
  if (isApiError(err) && err.message) return err.message;
  return fallback;
}

export function toastError(err: unknown, fallback?: string): void {
  // The page is already leaving for the login screen; a toast would only flash.
  if (isSessionExpired(err)) return;
  const text = errorText(err, fallback);
  const reference = requestIdOf(err);
  show((a) => a.error(text, reference));
}

export function toastSuccess(text: string): void {
  show((a) => a.success(text));
}
