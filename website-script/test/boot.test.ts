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
  let tokensGiven: number;
  let refuseEvents: number;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    delete (window as unknown as { signpost?: unknown }).signpost;
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
    calls = [];
    items = [];
    tokensGiven = 0;
    refuseEvents = 0;
    window.fetch = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), init });
      if (String(url).includes('/content')) {
        // A new token each call, naming the visitor it was asked for.
        tokensGiven += 1;
        const token = `token-${new URL(String(url)).searchParams.get('visitorId')}-${tokensGiven}`;
        return answer(200, { items, interruptions: { perDay: 3, today: 0 }, token, tokenTtl: 3600 });
      }
      if (String(url).includes('/events') && refuseEvents > 0) {
        refuseEvents -= 1;
        return answer(401, { message: 'This visitor token has expired: ask the content call for a new one' });
      }
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

  it('sends userHash with identify, and explains a refused identity verification', async () => {
    pasteSnippet();
    running = await boot(window);
    await running!.identify({ id: 7, plan: 'pro', userHash: 'ab12' });
    const sent = JSON.parse(calls.find((c) => c.url.endsWith('/identify'))!.init.body as string);
    expect(sent).toEqual({ visitorId: running!.visitor.id, externalId: '7', attributes: { plan: 'pro' }, userHash: 'ab12' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.fetch = jest.fn(async () =>
      answer(401, { message: 'Identity verification failed', errors: { userHash: 'Identity verification failed' } }),
    ) as typeof fetch;
    await running!.identify({ id: 8, userHash: 'bad' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('identify refused (401): Identity verification failed'), expect.anything());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('identity not verified: pass userHash'));
    // Refused: not remembered as the visitor's identity.
    expect(running!.visitor.identity).not.toContain('"8"');
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

  it('sends events with the visitor token of the content call; the next content call carries it; an expired one is renewed', async () => {
    pasteSnippet();
    running = await boot(window);
    const visitorId = running!.visitor.id;
    const eventBodies = () => calls.filter((c) => c.url.endsWith('/events')).map((c) => JSON.parse(c.init.body as string));
    // The session event waits for its batch, then leaves with the token the first content call answered.
    await new Promise((r) => setTimeout(r, 1100));
    expect(eventBodies()).toEqual([
      { token: `token-${visitorId}-1`, v: expect.any(String), events: [expect.objectContaining({ type: 'session', visitorId })] },
    ]);
    expect(contentCalls()[0].searchParams.get('token')).toBeNull();
    signpost('page');
    await settle();
    await settle();
    // The page's held token makes this call the installation heartbeat.
    expect(contentCalls()[1].searchParams.get('token')).toBe(`token-${visitorId}-1`);
    // The API says the token expired: the script asks the content call for a new one and resends.
    refuseEvents = 1;
    running!.events.push({ type: 'view', visitorId, contentId: 'c1' });
    await new Promise((r) => setTimeout(r, 1100));
    await new Promise((r) => setTimeout(r, 1100));
    const sent = eventBodies().slice(1);
    expect(sent.map((b) => b.token)).toEqual([`token-${visitorId}-2`, `token-${visitorId}-3`]);
    expect(sent[0].events[0].id).toBe(sent[1].events[0].id);
    expect(running!.events.size).toBe(0);
  }, 10_000);
});
