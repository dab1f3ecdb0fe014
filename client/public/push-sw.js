// Rotation reminders (issue 24, docs/decisions/026): the part of the service worker that shows
// a push message and opens its page when tapped. Workbox's generated worker loads this file
// with importScripts (client/pwa/pwa-options.ts). Plain JavaScript: it is copied as it is.

/** A path of this app; anything else (a message from an older server, a foreign URL) opens the Rotation screen. */
function appPath(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return target.pathname + target.search;
  } catch {
    // not a URL
  }
  return '/rotation';
}

/** The server's message ({title, body, tag, url}, shared/schemas/push.ts), or a plain reminder if it cannot be read. */
function readPushMessage(event) {
  try {
    const message = event.data ? event.data.json() : null;
    if (message && typeof message.title === 'string' && typeof message.body === 'string') return message;
  } catch {
    // not JSON
  }
  return { title: 'Toy rotation due', body: 'It is time to rotate the toys.', tag: 'rotation-due', url: '/rotation' };
}

self.addEventListener('push', (event) => {
  const message = readPushMessage(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // One per child and due day: a newer reminder for the same child replaces the old one.
      tag: message.tag || 'rotation-due',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: appPath(message.url) },
    }),
  );
});

/**
 * Opens the notification's page: in a window of the app that is already open (navigated there
 * and brought to the front), else in a new one.
 */
async function openFromNotification(data) {
  const url = new URL(appPath(data && data.url), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin !== self.location.origin) continue;
    // navigate() works only on a page this worker controls; otherwise try the next or open one.
    const navigated = await client.navigate(url).catch(() => null);
    if (!navigated) continue;
    await navigated.focus().catch(() => undefined);
    return navigated;
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(event.notification.data));
});
