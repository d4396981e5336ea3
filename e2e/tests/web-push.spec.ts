import type { CDPSession } from '@playwright/test';
import { test, expect } from '../fixtures';
import { trustedPushService } from '../support/push-service';

/**
 * Web Push on the demo site. This machine reaches no browser push service: Chromium's own
 * `pushManager.subscribe` registers with Google's (GCM/FCM, through its built-in client and Google
 * API keys Debian's Chromium does not carry) and answers an endpoint on fcm.googleapis.com, which no
 * local service can stand for. So the page's `PushManager.subscribe` answers the subscription of a
 * local stand-in push service speaking the Web Push protocol (it checks the VAPID JWT and decrypts
 * the payload); everything else is the script's own: the permission, the service worker, the VAPID
 * key, the subscription stored under the visitor token, the "subscribed" flag. The API reaches the
 * stand-in on loopback only because global-setup allow-lists its host and port. The very payload it
 * received is handed to the demo site's service worker with Chromium's DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), the site's tab closed.
 */
test('a push notification reaches the demo site’s service worker with the site closed; shown and clicked are counted', async ({ browser, api, product }) => {
  const session = await api.loginAsAdmin();
  await api.cancelPublished(session);
  const push = trustedPushService();
  await push.start();
  const context = await browser.newContext();
  try {
    await context.grantPermissions(['notifications'], { origin: product.demoSiteURL });
    const subscription = push.subscribe();
    // The browser's push service, for this page: PushManager answers the stand-in's subscription
    // (and records the application server key the script subscribed with).
    await context.addInitScript(
      (json) => {
        const record = window as unknown as { __subscribedWith?: string };
        const subscription = { endpoint: json.endpoint, expirationTime: null, options: {}, toJSON: () => json, unsubscribe: async () => true };
        let subscribed = false;
        PushManager.prototype.getSubscription = async () => (subscribed ? (subscription as unknown as PushSubscription) : null);
        PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
          const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
          record.__subscribedWith = btoa(String.fromCharCode(...key))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '');
          subscribed = true;
          return subscription as unknown as PushSubscription;
        };
      },
      { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
    );
    const page = await context.newPage();
    await page.goto(`${product.demoSiteURL}/`);
    await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('signpost:token:')));

    // signpost('askPushPermission'): the permission is granted, the service worker registers, the
    // script subscribes with the website's VAPID key and stores the subscription under its visitor token.
    const outcome = await page.evaluate(
      () => new Promise<string>((resolve) => (window as unknown as { signpost: (...a: unknown[]) => void }).signpost('askPushPermission', {}, resolve)),
    );
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
    expect(worker).toMatch(/\/signpost-sw\.js\?api=/);
    expect(outcome).toBe('subscribed');
    const websiteKey = await page.evaluate(() =>
      Object.keys(localStorage)
        .find((k) => k.startsWith('signpost:visitor:'))!
        .slice('signpost:visitor:'.length),
    );
    const vapidKey = ((await (await fetch(`${product.apiURL}/api/public/${websiteKey}/push/key`)).json()) as { publicKey: string }).publicKey;
    expect(await page.evaluate(() => (window as unknown as { __subscribedWith?: string }).__subscribedWith)).toBe(vapidKey);
    // The flag the next pages read: this browser's push notifications come through the service worker.
    expect(await page.evaluate((key) => localStorage.getItem(`signpost:${key}:push`), websiteKey)).toBe('1');

    // The site's tab closes; a push notification is published in the console's API.
    await page.close();
    // Access tokens live 8 s in this suite: the publish signs in afresh rather than hope the first is still valid.
    const publisher = await api.loginAsAdmin();
    const title = `Back in stock ${Date.now()}`;
    const actionUrl = `${product.demoSiteURL}/pricing?from=push`;
    const created = await fetch(`${product.apiURL}/api/push-notification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${publisher.accessToken}`, activewebsite: publisher.activeWebsite! },
      body: JSON.stringify({ push_notification_title: title, title, body: 'The blue mug is back', action: { url: actionUrl, target: '_blank' } }),
    });
    expect(created.status).toBe(201);
    await expect.poll(() => push.received.filter((r) => r.subscription === subscription.id).length, { timeout: 20_000 }).toBe(1);
    const payload = push.received[push.received.length - 1].payload as { title: string; url: string; token: string };
    expect(payload).toMatchObject({ title, url: actionUrl });

    // Chromium's DevTools protocol hands that payload to the service worker, no tab of the site open.
    // The website's push views before this delivery: the worker's report of it adds one (a console
    // read, which counts nothing itself).
    const pushViews = async () => {
      const fresh = await api.loginAsAdmin();
      const res = await fetch(`${product.apiURL}/api/stats/views`, {
        headers: { authorization: `Bearer ${fresh.accessToken}`, activewebsite: fresh.activeWebsite! },
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { serviceName: string; count: number }[] };
      return data.find((d) => d.serviceName === 'Push')!.count;
    };
    const viewsBefore = await pushViews();
    const blank = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(blank);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL.startsWith(product.demoSiteURL) && !r.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(product.demoSiteURL).origin, registrationId, data: JSON.stringify(payload) });

    // Shown: the service worker reported it (a second report is not counted again).
    // Asking again answers `counted: false` once the service worker's report was counted; an answer
    // `counted: true` would mean this test counted it, not the worker.
    const countedByTest: string[] = [];
    const report = async (what: string) => {
      const answer = (await (await fetch(`${product.apiURL}/api/public/push/${payload.token}/${what}`, { method: 'POST' })).json()) as { counted: boolean };
      if (answer.counted) countedByTest.push(what);
      return answer;
    };
    const sw = context.serviceWorkers().find((w) => w.url().includes('/signpost-sw.js'))!;
    // The worker reports as it shows: once the statistics count its view, asking again is not counted.
    type Listed = { registration: { getNotifications(): Promise<{ title: string }[]> } };
    await expect.poll(() => sw.evaluate(async () => (await (self as unknown as Listed).registration.getNotifications()).length), { timeout: 10_000 }).toBe(1);
    await expect.poll(pushViews, { timeout: 15_000 }).toBe(viewsBefore + 1);
    expect(await report('shown')).toEqual({ counted: false });
    type Scope = { registration: { getNotifications(): Promise<{ title: string }[]> } };
    const shown = await sw.evaluate(async () => (await (self as unknown as Scope).registration.getNotifications()).map((n) => n.title));
    expect(shown).toEqual([title]);

    // Clicked: DevTools has no command to click a system notification (nor has WebDriver), so the
    // worker's own notification gets a notificationclick dispatched in the worker: its handler reports
    // the click and asks to open action.url, which Chromium refuses to an event no user made
    // (clients.openWindow needs a real click), so the URL the click opens is read from the notification.
    const clicked = await sw.evaluate(async () => {
      const scope = self as unknown as EventTarget & Scope & { clients: { openWindow(url: string): Promise<unknown> } };
      const [notification] = (await scope.registration.getNotifications()) as unknown as { data: { url: string } }[];
      const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event }).NotificationEvent;
      // The handler's report is its fetch: watched for its answer, so the test goes on once the API
      // has answered it (no read of clicks counts nothing).
      const worker = self as unknown as { fetch: typeof fetch };
      const original = worker.fetch;
      const reported = new Promise<string>((resolve) => {
        worker.fetch = (...args: Parameters<typeof fetch>) => {
          worker.fetch = original;
          const answer = original(...args);
          answer.then(
            (r) => resolve(`${r.status}`),
            (err: Error) => resolve(err.message),
          );
          return answer;
        };
      });
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
      const report = await Promise.race([reported, new Promise<string>((resolve) => setTimeout(() => resolve('no report within 10 s'), 10_000))]);
      const openWindow = await scope.clients.openWindow(notification.data.url).then(
        () => 'opened',
        (err: Error) => `${err.name}: ${err.message}`,
      );
      return { url: notification.data.url, openWindow, report };
    });
    expect(clicked.url).toBe(actionUrl);
    expect(clicked.openWindow).toMatch(/InvalidAccessError/);
    expect(clicked.report).toBe('200');
    expect(await report('clicked')).toEqual({ counted: false });
    expect(countedByTest).toEqual([]);
  } finally {
    await context.close();
    await push.stop();
  }
});
