/* Sajha service worker (part 2 §2: version v97, root scope, registered at load).
 * - Precaches the offline page (and its script), the manifest and the icons.
 * - Page navigations go to the network first and fall back to the offline page.
 * - API calls, the realtime sockets (/real, /realcall) and non-GET requests are never touched or cached.
 * - Push messages become notifications; pushes with the same tag merge into one, counting them.
 * Keep VERSION equal to SERVICE_WORKER_VERSION in @sajha/contract.
 */
const VERSION = 'v97';
const CACHE = `sajha-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const PRECACHE = [
  '/',
  OFFLINE_URL,
  '/offline.js',
  '/manifest.webmanifest',
  '/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/badge-72.png',
];
const NEVER_HANDLE = ['/api/', '/real', '/realcall'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('sajha-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_HANDLE.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix))) return;

  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL).then((page) => page || Response.error())));
    return;
  }
  // The few precached files (icons, manifest): cache first, then network.
  if (url.pathname !== '/' && PRECACHE.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((cached) => cached || fetch(request)));
  }
});

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

// Pushes are handled one after another: two arriving together must not both read the old count.
let pushQueue = Promise.resolve();

function showMerged(payload) {
  const title = payload.title || 'Sajha';
  const body = payload.body || '';
  const tag = payload.tag || undefined;
  const url = payload.url || '/';
  const icon = payload.icon || '/icons/icon-192.png';
  return (tag ? self.registration.getNotifications({ tag }) : Promise.resolve([])).then((shown) => {
    // Same tag already on screen: replace it and say how many have arrived, e.g. '(3) New message from Asha'.
    const previous = shown[0];
    const count = previous ? ((previous.data && previous.data.count) || 1) + 1 : 1;
    return self.registration.showNotification(title, {
      body: count > 1 ? `(${count}) ${body}` : body,
      tag,
      renotify: Boolean(tag && previous),
      icon,
      badge: '/icons/badge-72.png',
      data: { url, count },
    });
  });
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  pushQueue = pushQueue.then(() => showMerged(payload)).catch(() => undefined);
  event.waitUntil(pushQueue);
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;

  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // Controlled windows can be sent to the notification's page; others just come to the front.
        return 'navigate' in focused ? focused.navigate(target).catch(() => focused) : focused;
      }
      return self.clients.openWindow(target);
    }),
  );
});
