// The service worker (public/sw.js) keeps copies of what the API showed the logged-in user, so the app
// can show the last news offline (issue 14). They are that user's: deleted when the session ends and when
// another user logs in. The worker is registered for every logged-in user; push (features/notifications)
// uses the same registration.

export const SW_URL = '/sw.js';
/** The cache public/sw.js keeps the user's copies in. */
export const USER_CACHE = 'hearth-user';

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** Registers the worker once the page has loaded, so it never competes with the first paint. */
export function registerServiceWorker(): void {
  if (!serviceWorkerSupported()) return;
  const register = () =>
    navigator.serviceWorker
      .register(SW_URL)
      .catch((err) => console.warn('Service worker not registered', err));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

export function forgetOfflineCopies(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(USER_CACHE).catch(() => undefined);
}
