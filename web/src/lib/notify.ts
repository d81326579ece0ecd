// Toasts (product.md section 8: the server's `error` text is shown as an error toast). Errors stay until
// closed and are announced at once (role alert); confirmations stay five seconds and are announced politely
// (issue 14: toasts vanished before they could be read). The toast outlet is its own chunk, loaded the
// first time a toast is asked for (the login page's budget), so a toast asked for before it is there
// waits in a queue; providers.tsx mounts the outlet when asked.
import { MSG } from '@hearth/contract';
import { isApiError, isSessionExpired, requestIdOf } from './api-error';

/**
 * `reference`: the failed request's id, shown under the error (error-reference.tsx); `key` names the toast
 * for `close`.
 */
export type ToastApi = {
  error: (text: string, key: string, reference?: string) => void;
  success: (text: string, key: string) => void;
  close: (key: string) => void;
};

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

/**
 * A toast belongs to the page it is about (issue 33: confirmations outlived their page). One shown this
 * long before another page is shown goes with its page; one shown just before is about the move (a save
 * that opens the list says so on the list), and stays. The time runs to when the next page is shown,
 * which waits for its code: a phone on a slow network takes a second or two for a page not yet loaded.
 */
export const TOAST_CARRIES_OVER_MS = 3000;
const shownAt = new Map<string, number>();
let toasts = 0;

function show(call: (api: ToastApi, key: string) => void): void {
  const key = `toast-${++toasts}`;
  shownAt.set(key, Date.now());
  if (api) {
    call(api, key);
    return;
  }
  waiting.push((a) => call(a, key));
  askForOutlet?.();
}

/** Another page is shown: closes the toasts of the pages before it (router.tsx calls it). */
export function pageChanged(now = Date.now()): void {
  for (const [key, at] of shownAt) {
    if (now - at < TOAST_CARRIES_OVER_MS) continue;
    shownAt.delete(key);
    api?.close(key);
  }
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
  show((a, key) => a.error(text, key, reference));
}

export function toastSuccess(text: string): void {
  show((a, key) => a.success(text, key));
}
