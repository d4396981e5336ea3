import { WEB_PUSH_PATHS } from 'contracts/script';
import { webStore } from './storage';
import { askPushPermission, pushSubscribed, type WebPushDeps } from './web-push';

/*
 * signpost('askPushPermission') in a page: jsdom has no service worker, push manager nor
 * notifications, so the browser's side is stood in for (a granted permission, a registration whose
 * push manager subscribes) and the API's answers are the fetch's.
 */

const VAPID_KEY = 'BCnyXzKReWfSPCbUumGirMSlRypkTcDe8Z1daCS4Xu6BmW0zLnYkHcR5cU4s0H0G-lbmNVV85sHreVhhgCZpoG0';
const SUBSCRIPTION = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

type Permission = 'granted' | 'denied' | 'default';
const setPermission = (permission: Permission, answer: Permission = permission) => {
  (globalThis as unknown as { Notification: unknown }).Notification = Object.assign(function Notification() {}, {
    permission,
    requestPermission: jest.fn(async () => answer),
  });
};

function page(options: { token?: string | null; subscribeStatus?: number } = {}) {
  const subscribe = jest.fn(async (_options: { applicationServerKey: Uint8Array }) => ({ toJSON: () => SUBSCRIPTION }));
  const registration = { pushManager: { getSubscription: jest.fn(async () => null), subscribe } };
  const register = jest.fn(async (_url: string) => registration);
  const sent: { url: string; init?: RequestInit }[] = [];
  const fetch = jest.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url, init });
    if (url.endsWith('/push/key')) return new Response(JSON.stringify({ publicKey: VAPID_KEY }), { status: 200 });
    return new Response(JSON.stringify({ subscribed: true }), { status: options.subscribeStatus ?? 201 });
  });
  const win = { navigator: { serviceWorker: { register, ready: Promise.resolve(registration) } }, PushManager: function PushManager() {} };
  const deps: WebPushDeps = {
    win: win as unknown as Window,
    fetch: fetch as unknown as typeof globalThis.fetch,
    local: webStore('localStorage'),
    websiteKey: 'site-key',
    apiUrl: 'https://api.example.test',
    url: (path) => `https://api.example.test${path.replace(':websiteKey', 'site-key')}`,
    visitorId: () => 'visitor-1',
    token: async () => (options.token === undefined ? 'visitor-token-1' : options.token),
    softPrompt: async () => true,
  };
  return { deps, sent, subscribe, register };
}

const subscribeUrl = `https://api.example.test${WEB_PUSH_PATHS.subscribe.replace(':websiteKey', 'site-key')}`;

beforeEach(() => {
  localStorage.clear();
  setPermission('granted');
});

test('the browser’s subscription is stored for this visitor with the visitor token, and the website’s VAPID key is the one subscribed with', async () => {
  const { deps, sent, subscribe, register } = page();
  expect(await askPushPermission(deps)).toBe('subscribed');
  expect(register).toHaveBeenCalledWith(`/signpost-sw.js?api=${encodeURIComponent('https://api.example.test')}`);
  const key = subscribe.mock.calls[0][0].applicationServerKey;
  expect(Buffer.from(key).toString('base64url')).toBe(VAPID_KEY);
  const stored = sent.filter((r) => r.url === subscribeUrl);
  expect(stored).toHaveLength(1);
  expect(stored[0].init).toMatchObject({ method: 'POST', credentials: 'omit' });
  expect(JSON.parse(stored[0].init!.body as string)).toEqual({ visitorId: 'visitor-1', token: 'visitor-token-1', subscription: SUBSCRIPTION });
});

test('“subscribed” is kept in the page’s storage: a later page of the site knows it', async () => {
  const { deps } = page();
  expect(pushSubscribed(webStore('localStorage'), 'site-key')).toBe(false);
  expect(await askPushPermission(deps)).toBe('subscribed');
  // A fresh store over the same localStorage: what the next page of the site opens.
  expect(pushSubscribed(webStore('localStorage'), 'site-key')).toBe(true);
  expect(pushSubscribed(webStore('localStorage'), 'other-site')).toBe(false);
  // Without the permission any more, the flag alone does not count.
  setPermission('denied');
  expect(pushSubscribed(webStore('localStorage'), 'site-key')).toBe(false);
});

test('no visitor token, or a subscription the API refused: failed, and nothing kept', async () => {
  const noToken = page({ token: null });
  expect(await askPushPermission(noToken.deps)).toBe('failed');
  expect(noToken.sent.filter((r) => r.url === subscribeUrl)).toHaveLength(0);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const refused = page({ subscribeStatus: 400 });
  expect(await askPushPermission(refused.deps)).toBe('failed');
  expect(refused.sent.filter((r) => r.url === subscribeUrl)).toHaveLength(1);
  expect(pushSubscribed(webStore('localStorage'), 'site-key')).toBe(false);
});

test('a permission refused, or the soft prompt dismissed, subscribes nothing', async () => {
  setPermission('default', 'denied');
  const denied = page();
  expect(await askPushPermission(denied.deps)).toBe('denied');
  setPermission('default', 'granted');
  const dismissed = page();
  dismissed.deps.softPrompt = async () => false;
  expect(await askPushPermission(dismissed.deps, { softPrompt: true })).toBe('dismissed');
  for (const p of [denied, dismissed]) expect(p.subscribe).not.toHaveBeenCalled();
  expect(pushSubscribed(webStore('localStorage'), 'site-key')).toBe(false);
});
