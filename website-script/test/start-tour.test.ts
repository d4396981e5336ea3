import { Signpost } from '../src/core/signpost';
import { tourItem } from './fixtures';

/**
 * `signpost('startTour', id)` off the tour's first page: the visitor is taken there, or told in the
 * console why the tour cannot start. The page's address is a stand-in whose `assign` is watched (jsdom
 * does not navigate).
 */
const tick = () => new Promise((r) => setTimeout(r, 0));
const assign = jest.fn();
const fakeLocation = {
  get href() {
    return window.location.href;
  },
  assign,
};
const win = new Proxy(window, {
  get(target, key) {
    if (key === 'location') return fakeLocation;
    const value = Reflect.get(target, key, target) as unknown;
    return typeof value === 'function' && !/^[A-Z]/.test(String(key)) ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
}) as Window & typeof globalThis;

async function page(items: unknown[]) {
  const fetch = jest.fn(async (url: RequestInfo | URL) => {
    const data = String(url).includes('/content')
      ? { items, interruptions: { perDay: 3, today: 0 }, token: 'tok-1', tokenTtl: 3600 }
      : { message: 'ok', accepted: 1 };
    return { ok: true, status: 200, json: async () => data } as Response;
  }) as unknown as typeof globalThis.fetch;
  const core = new Signpost({
    websiteKey: 'key-1',
    apiUrl: 'https://api.example',
    fetch,
    eventDelayMs: 60_000,
    win,
    loaders: { tour: async () => ({ mount: () => ({ destroy: () => undefined }) }) },
  });
  await core.requestContent();
  for (let i = 0; i < 3; i++) await tick();
  return core;
}

let info: jest.SpyInstance;
let warn: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/account');
  assign.mockClear();
  info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('from another page, the visitor is taken to the page of its first step, and the console says so', async () => {
  const tour = tourItem();
  tour.tour.steps[0].url = '/#/completed';
  const core = await page([tour]);
  core.startTour(tour.id);
  expect(assign).toHaveBeenCalledWith('http://localhost/#/completed');
  expect(info.mock.calls[0][0]).toContain(`tour ${tour.id} starts on /#/completed`);
  expect(core.progress.get(tour.id)).toEqual({ step: 0, status: 'active' });
  core.stop();
});

test('a first step on a page pattern: it waits for such a page, saying so; a tour not served: the console says why', async () => {
  const tour = tourItem();
  tour.tour.steps[0].url = '/projects/*';
  const core = await page([tour]);
  core.startTour(tour.id);
  expect(assign).not.toHaveBeenCalled();
  expect(info.mock.calls[0][0]).toContain('starts on a page matching /projects/*');
  core.startTour('77777777-7777-4777-8777-777777777777');
  for (let i = 0; i < 5; i++) await tick();
  expect(warn.mock.calls.at(-1)?.[0]).toContain('tour 77777777-7777-4777-8777-777777777777 is not live for this visitor here');
  core.stop();
});

test('on its first page it starts here, without going anywhere', async () => {
  const tour = tourItem();
  tour.tour.steps[0].url = '/account';
  const core = await page([tour]);
  core.startTour(tour.id);
  expect(assign).not.toHaveBeenCalled();
  expect(info).not.toHaveBeenCalled();
  core.stop();
});
