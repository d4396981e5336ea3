import { BUILDER_SESSION_KEY } from 'contracts/script';
import { startBuilderIfAsked, storedBuilderSession, takeBuilderToken } from './builder-boot';
import { watchPageChanges } from './page-changes';

const env = (fetch: jest.Mock) => ({ win: window, websiteKey: 'key1', apiUrl: 'https://api.test', fetch: fetch as unknown as typeof window.fetch });
const later = () => new Date(Date.now() + 3600_000).toISOString();

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('the builder in the core', () => {
  it('takes the token out of the address without the page-change watcher seeing a page change', () => {
    History.prototype.replaceState.call(history, null, '', '/pricing?plan=pro#signpost-builder=tok123');
    const seen: string[] = [];
    const stop = watchPageChanges(window, (href) => seen.push(href));
    expect(takeBuilderToken(window)).toBe('tok123');
    expect(location.href).toBe('http://localhost/pricing?plan=pro');
    expect(seen).toEqual([]);
    stop();
    expect(takeBuilderToken(window)).toBeNull();
    History.prototype.replaceState.call(history, null, '', '/pricing#plans');
    expect(takeBuilderToken(window)).toBeNull();
    expect(location.hash).toBe('#plans');
  });

  it('without a token or session, asks nothing and loads no builder (a visitor)', async () => {
    const fetch = jest.fn();
    expect(await startBuilderIfAsked(env(fetch), null)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('signpost-builder')).toBeNull();
  });

  it('exchanges the token as text/plain, keeps the session in sessionStorage, then mounts the builder', async () => {
    const session = { session: 'ses1', tourId: 't1', expiresAt: later() };
    const fetch = jest.fn(async (url: string, _init?: RequestInit) =>
      url.endsWith('/builder/session')
        ? new Response(JSON.stringify(session))
        : new Response(JSON.stringify({ data: { _id: 't1', title: 'Tour', steps: [] } })),
    );
    expect(await startBuilderIfAsked(env(fetch), 'tok123')).toBe(true);
    expect(fetch.mock.calls[0][0]).toBe('https://api.test/api/public/key1/builder/session');
    expect(fetch.mock.calls[0][1]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: '{"token":"tok123"}',
      credentials: 'omit',
    });
    expect(JSON.parse(sessionStorage.getItem(BUILDER_SESSION_KEY)!)).toEqual(session);
    expect(document.querySelector('signpost-builder')).not.toBeNull();
    // The next page of the tab: the session, no token.
    document.body.innerHTML = '';
    expect(storedBuilderSession(window)).toEqual(session);
    expect(await startBuilderIfAsked(env(fetch), null)).toBe(true);
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/builder/session'))).toHaveLength(1);
  });

  it('a refused token starts nothing; an ended session is forgotten', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest.fn(async () => new Response('{}', { status: 401 }));
    expect(await startBuilderIfAsked(env(fetch), 'used')).toBe(false);
    expect(sessionStorage.getItem(BUILDER_SESSION_KEY)).toBeNull();
    sessionStorage.setItem(BUILDER_SESSION_KEY, JSON.stringify({ session: 's', tourId: 't', expiresAt: new Date(Date.now() - 1000).toISOString() }));
    expect(storedBuilderSession(window)).toBeNull();
    expect(sessionStorage.getItem(BUILDER_SESSION_KEY)).toBeNull();
    warn.mockRestore();
  });
});
