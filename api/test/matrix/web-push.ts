import type { Req } from './types';

/**
 * Web Push. Its calls are public: the script's under the website's key (the subscription under the
 * visitor token of the content call), the service worker's under the token its push message carried.
 */
export const publicRoutes: Req[] = [
  { method: 'GET', url: '/api/public/no-such-key/push/key' },
  {
    method: 'POST',
    url: '/api/public/no-such-key/push/subscriptions',
    payload: {
      visitorId: 'v1',
      token: 'visitor-token',
      subscription: {
        endpoint: 'https://push.example.test/abc',
        keys: { p256dh: 'BPnLRvQ2Zf2tb1uF0Fhl3ZaWBfQ8iXgbVz2U9z3m8o0', auth: 'c2VjcmV0c2VjcmV0c2Vj' },
      },
    },
  },
  { method: 'POST', url: '/api/public/push/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/shown' },
];

/** Their paths name the key or a token, not an id: listed by name. */
export const documentedPublic = [
  'GET /api/public/:websiteKey/push/key',
  'POST /api/public/:websiteKey/push/subscriptions',
  'POST /api/public/push/:token/:what',
];
