import type { KeyValueStore } from './storage';

/**
 * The flag of this browser's push subscription, apart from subscribing itself (web-push.ts, a chunk
 * loaded when a page asks for permission): every content answer reads it, few pages ever subscribe.
 */
export const flagKey = (websiteKey: string) => `signpost:${websiteKey}:push`;

/** Whether this browser holds a push subscription of the website: its push notifications then come through the service worker. */
export const pushSubscribed = (local: KeyValueStore, websiteKey: string) =>
  local.get(flagKey(websiteKey)) === '1' && typeof Notification === 'function' && Notification.permission === 'granted';
