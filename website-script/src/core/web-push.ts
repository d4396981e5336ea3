import { SERVICE_WORKER_FILE, WEB_PUSH_PATHS } from 'contracts/script';
import type { KeyValueStore } from './storage';
import { flagKey, pushSubscribed } from './push-flag';

/** What `signpost('askPushPermission', options)` takes. */
export interface AskPushOptions {
  /** Where the site hosts Signpost's service worker (default `/signpost-sw.js`, the site's root). */
  serviceWorker?: string;
  /** Ask in the page first ("Get notifications?"), and the browser's own question only on "Allow". */
  softPrompt?: boolean;
}

export type PushOutcome = 'subscribed' | 'denied' | 'dismissed' | 'unsupported' | 'failed';

export interface WebPushDeps {
  win: Window;
  fetch: typeof fetch;
  local: KeyValueStore;
  websiteKey: string;
  apiUrl: string;
  url(path: string): string;
  visitorId(): string;
  /** The visitor token of the content call (asked for when there is none yet). */
  token(): Promise<string | null>;
  /** The soft prompt (in-page, loaded only when asked): resolves true on "Allow". */
  softPrompt(): Promise<boolean>;
}

export { pushSubscribed };

const fromBase64Url = (s: string) => {
  const raw = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * `signpost('askPushPermission')`: asks the visitor (after the optional soft prompt) for the browser's
 * permission, registers the service worker the site hosts, subscribes with the website's VAPID key
 * and stores the subscription for this visitor. Call it from a click: browsers ask only then.
 */
export async function askPushPermission(deps: WebPushDeps, options: AskPushOptions = {}): Promise<PushOutcome> {
  const nav = deps.win.navigator;
  if (!('serviceWorker' in nav) || !('PushManager' in deps.win) || typeof Notification !== 'function') return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') {
    if (options.softPrompt && !(await deps.softPrompt())) return 'dismissed';
    if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  }
  try {
    const path = options.serviceWorker ?? `/${SERVICE_WORKER_FILE}`;
    const registration = await nav.serviceWorker.register(`${path}?api=${encodeURIComponent(deps.apiUrl)}`);
    const keyRes = await deps.fetch(deps.url(WEB_PUSH_PATHS.key), { credentials: 'omit' });
    if (!keyRes.ok) return 'failed';
    const { publicKey } = (await keyRes.json()) as { publicKey: string };
    const ready = await nav.serviceWorker.ready;
    const subscription =
      (await ready.pushManager.getSubscription()) ??
      (await (ready ?? registration).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
    const token = await deps.token();
    if (!token) return 'failed';
    const res = await deps.fetch(deps.url(WEB_PUSH_PATHS.subscribe), {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ visitorId: deps.visitorId(), token, subscription: subscription.toJSON() }),
    });
    if (!res.ok) return 'failed';
    deps.local.set(flagKey(deps.websiteKey), '1');
    return 'subscribed';
  } catch (error) {
    console.warn('[signpost] push subscription failed', error);
    return 'failed';
  }
}
