/*
 * Signpost's service worker: shows the push notifications your website sends with Signpost, even
 * when no page of your site is open. Host this file at the root of your site, as /signpost-sw.js
 * (a service worker only controls its own folder and below); the Signpost script registers it when a
 * visitor accepts notifications (`signpost('askPushPermission')`). No dependency, no framework.
 */
const api = new URL(self.location.href).searchParams.get('api');

/** Tells Signpost the notification was shown or clicked (counted once; the token names the delivery). */
function report(token, what) {
  if (!api || !token) return Promise.resolve();
  return fetch(`${api}/api/public/push/${encodeURIComponent(token)}/${what}`, { method: 'POST', mode: 'cors', credentials: 'omit' }).catch(() => undefined);
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  if (!data.title) return;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.title, {
        body: data.body || '',
        icon: data.icon || undefined,
        tag: data.token,
        data: { url: data.url || '', token: data.token },
      }),
      report(data.token, 'shown'),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, token } = event.notification.data || {};
  event.waitUntil(Promise.all([url ? self.clients.openWindow(url) : Promise.resolve(), report(token, 'clicked')]));
});
