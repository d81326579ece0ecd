// The web push service worker (served at /sw.js, registered only while a staff member is logged in; see
// src/features/notifications/push.ts). The server sends {title, type, objectId, url} (server push.ts).
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
      icon: '/favicon.svg',
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
