import { buildInstallSnippet } from 'contracts/script';
import { boot } from '../src/index';
import type { Signpost } from '../src/core/signpost';
import { answer } from './http';
import { bannerItem, popupItem } from './fixtures';

const API = 'https://api.example';
type Call = { url: string; init: RequestInit };

/** Runs the real snippet of the installation guide (its <script> body) in the page. */
function pasteSnippet() {
  const html = buildInstallSnippet({ scriptUrl: 'https://cdn.example/signpost.js', websiteKey: 'key-1', apiUrl: `${API}/` });
  (0, eval)(html.replace(/^<script>/, '').replace(/<\/script>$/, ''));
}
const signpost = (...args: unknown[]) => (window as unknown as { signpost: (...a: unknown[]) => void }).signpost(...args);

describe('the loader', () => {
  let calls: Call[];
  let items: unknown[];
  let running: Signpost | null;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    delete (window as unknown as { signpost?: unknown }).signpost;
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
    calls = [];
    items = [];
    window.fetch = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), init });
      if (String(url).includes('/content')) return answer(200, { items, interruptions: { perDay: 3, today: 0 } });
      if (String(url).includes('/identify')) return answer(200, { message: 'ok', memberId: 'm1' });
      return answer(200, { message: 'Events recorded', accepted: 1 });
    }) as typeof fetch;
  });
  afterEach(() => running?.stop());

  const settle = () => new Promise((r) => setTimeout(r, 0));
  const contentCalls = () => calls.filter((c) => c.url.includes('/content')).map((c) => new URL(c.url));

  it('replays the calls made before it arrived, in order, then replaces the queue with the real function', async () => {
    pasteSnippet();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe('https://cdn.example/signpost.js');
    signpost('identify', { id: 42, name: 'Ana', email: 'ana@example.com', plan: 'pro', since: new Date('2026-01-02T00:00:00Z') });
    signpost('track', 'signed-up', { plan: 'pro' });
    signpost('page');
    running = await boot(window);
    expect(running).not.toBeNull();
    expect((window as unknown as { signpost: { loaded: boolean } }).signpost.loaded).toBe(true);
    await settle();
    await settle();
    // identify first, then one content call (the page command and the start share it) for the identified visitor.
    expect(calls[0].url).toBe(`${API}/api/public/key-1/identify`);
    expect(calls[0].init.headers).toEqual({ 'content-type': 'text/plain;charset=UTF-8' });
    const identify = JSON.parse(calls[0].init.body as string);
    expect(identify).toEqual({
      visitorId: running!.visitor.id,
      externalId: '42',
      name: 'Ana',
      email: 'ana@example.com',
      attributes: { plan: 'pro', since: '2026-01-02T00:00:00.000Z' },
    });
    const content = contentCalls();
    expect(content).toHaveLength(1);
    expect(content[0].pathname).toBe('/api/public/key-1/content');
    expect(Object.fromEntries(content[0].searchParams)).toEqual({
      visitorId: running!.visitor.id,
      url: 'http://localhost/',
      device: 'web',
      v: expect.any(String),
    });
    // track has no API call yet: kept in this browser.
    expect(JSON.parse(localStorage.getItem('signpost:track:key-1')!)).toEqual([expect.objectContaining({ name: 'signed-up', props: { plan: 'pro' } })]);
    // a session event is queued once per session, with the device.
    expect(running!.events.size).toBeGreaterThanOrEqual(1);
  });

  it('does not start twice, nor without the snippet', async () => {
    expect(boot(window)).toBeNull();
    pasteSnippet();
    const booting = boot(window);
    // A second copy evaluated while the first boots, and one after it.
    expect(boot(window)).toBeNull();
    running = await booting;
    expect(boot(window)).toBeNull();
  });

  it('re-asks what to show when a single-page app changes page, saying what is open; what is on screen stays', async () => {
    items = [bannerItem(), popupItem()];
    pasteSnippet();
    running = await boot(window);
    await settle();
    await settle();
    await settle();
    expect(document.querySelector('signpost-banner')).not.toBeNull();
    expect(document.querySelector('signpost-popup')).not.toBeNull();
    items = [popupItem()];
    history.pushState(null, '', '/pricing');
    await settle();
    await settle();
    const content = contentCalls();
    expect(content).toHaveLength(2);
    expect(content[1].searchParams.get('url')).toBe('http://localhost/pricing');
    // The page owns what is open: it tells the server what is on screen and what it has shown.
    expect(content[1].searchParams.get('open')).toBe(popupItem().id);
    expect(content[1].searchParams.get('seen')).toBe(popupItem().id);
    // A navigation removes nothing: the banner no longer returned stays, the popup is not re-rendered.
    expect(document.querySelector('signpost-banner')).not.toBeNull();
    expect(document.querySelectorAll('signpost-popup')).toHaveLength(1);
  });

  it('reset starts a new anonymous visitor', async () => {
    pasteSnippet();
    running = await boot(window);
    await settle();
    const before = running!.visitor.id;
    signpost('reset');
    await settle();
    const after = running!.visitor.id;
    expect(after).not.toBe(before);
    expect(contentCalls().at(-1)!.searchParams.get('visitorId')).toBe(after);
  });

  it('does not post an unchanged identity again; a refused identity is not remembered', async () => {
    pasteSnippet();
    running = await boot(window);
    await running!.identify({ id: 'u1', email: 'a@example.com' });
    await running!.identify({ id: 'u1', email: 'a@example.com' });
    expect(calls.filter((c) => c.url.endsWith('/identify'))).toHaveLength(1);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.fetch = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), init });
      return answer(400, { message: 'Unknown attribute', errors: { 'attributes.plan': 'Unknown attribute' } });
    }) as typeof fetch;
    await running!.identify({ id: 'u1', plan: 'pro' });
    await running!.identify({ id: 'u1', plan: 'pro' });
    expect(calls.filter((c) => c.url.endsWith('/identify'))).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('identify refused (400)'), expect.anything());
    warn.mockRestore();
  });

  it('warns on an unknown command instead of throwing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    pasteSnippet();
    running = await boot(window);
    expect(() => signpost('explode')).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
