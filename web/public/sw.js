// Hearth's service worker (served at /sw.js, registered while someone is logged in: app-layout.tsx).
// Two jobs:
// - Web push (src/features/notifications/push.ts). The server sends {title, type, objectId, url}.
// - The offline shell (issue 14): opened without a network, the app starts from the last page it loaded
//   and shows the news it last read, and says it is offline. Kept: the page itself, its hashed assets,
//   the app settings, the news feed and the pictures it showed. Nothing else of the API, so only what the
//   logged-in user was shown is kept; src/lib/offline-copies.ts deletes the API copies on logout and login.

/** The page, its assets and the app settings: the same for every user. */
const SHELL_CACHE = 'hearth-shell-v1';
/** What the API answered this user (src/lib/offline-copies.ts names it too). */
const USER_CACHE = 'hearth-user';
/** The user's GET answers kept for reading offline: the news feed and single posts. */
const USER_API = /^\/v1\/api\/newsfeed(\/\d+)?$/;
const SETTINGS = '/v1/config';
/** Where the SPA's page is kept: every navigation answers the same index.html. */
const PAGE_KEY = '/';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The network's answer (kept when good); without a network, the kept copy. */
async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key || request, response.clone());
    return response;
  } catch (err) {
    // Tokens change every few minutes: a kept answer matches whatever Authorization it was asked with.
    const kept = await cache.match(key || request, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

/** Hashed assets and uploaded pictures never change under their address: the kept copy first. */
async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL_CACHE, PAGE_KEY));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, SHELL_CACHE));
  } else if (url.pathname.startsWith('/files/') && request.destination === 'image') {
    event.respondWith(cacheFirst(request, USER_CACHE));
  } else if (url.pathname === SETTINGS) {
    event.respondWith(networkFirst(request, SHELL_CACHE));
  } else if (USER_API.test(url.pathname)) {
    event.respondWith(networkFirst(request, USER_CACHE));
  }
});
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'New notification';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.type || '',
      icon: '/icons/icon-192.png',
      tag: data.type && data.objectId ? `${data.type}-${data.objectId}` : undefined,
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same =
        tabs.find((c) => c.url === url) || tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        if (same.url !== url && 'navigate' in same) await same.navigate(url).catch(() => undefined);
        return same.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
