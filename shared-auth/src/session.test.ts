import axios, { AxiosHeaders, type AxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { authHttp, configureAuth } from './auth-http';
import {
  abilityAtom,
  accessTokenAtom,
  activeWebsiteAtom,
  activeWebsiteIdAtom,
  authStatusAtom,
  initSession,
  isAuthenticatedAtom,
  permissionsAtom,
  sessionStore,
  setUser,
  signIn,
  signOut,
  switchWebsite,
  syncFromStorage,
  userAtom,
} from './session';
import { BASE, FUTURE, PAST, jwt, loginResponse, makeUser } from './test-utils/fixtures';

const apiMock = new MockAdapter(authHttp);
const refreshMock = new MockAdapter(axios);
const header = (config: AxiosRequestConfig, name: string) => AxiosHeaders.from(config.headers as never).get(name);

function stored({ access = jwt(900), expiresAt = FUTURE, website = 'w1' } = {}) {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('refresh_token_expires_at', expiresAt);
  localStorage.setItem('activeWebsite', website);
}

const networkCalls = () => apiMock.history.get.length + apiMock.history.post.length + refreshMock.history.post.length;

beforeEach(() => {
  localStorage.clear();
  apiMock.reset();
  refreshMock.reset();
  configureAuth({ baseURL: BASE });
  sessionStore.set(userAtom, null);
  sessionStore.set(authStatusAtom, 'idle');
  syncFromStorage();
});

describe('signIn', () => {
  it('stores the three token values, sets the user and selects the first website', () => {
    signIn(loginResponse());
    expect(localStorage.getItem('access_token')).toBeTruthy();
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('refresh_token_expires_at')).toBe(FUTURE);
    expect(localStorage.getItem('activeWebsite')).toBe('w1');
    expect(sessionStore.get(isAuthenticatedAtom)).toBe(true);
    expect(sessionStore.get(activeWebsiteAtom)?.name).toBe('Main');
  });

  it('keeps the stored website if it is still one of the user’s, else falls back to the first', () => {
    localStorage.setItem('activeWebsite', 'w2');
    signIn(loginResponse());
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w2');
    localStorage.setItem('activeWebsite', 'w-of-someone-else');
    signIn(loginResponse());
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w1');
  });

  it('derives the permission union (sorted, no duplicates) and the ability', () => {
    signIn(loginResponse());
    expect(sessionStore.get(permissionsAtom)).toEqual(['create_posts', 'duplication_checklist', 'get_posts', 'get_role']);
    const ability = sessionStore.get(abilityAtom);
    expect(ability.can('duplication', 'checklist')).toBe(true);
    expect(ability.can('delete', 'posts')).toBe(false);
  });
});

describe('initSession', () => {
  it('with an expired refresh token: unauthenticated, tokens cleared, no network call', async () => {
    stored({ expiresAt: PAST });
    await initSession();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(networkCalls()).toBe(0);
  });

  it('with no refresh token at all: unauthenticated, no network call', async () => {
    await initSession();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(networkCalls()).toBe(0);
  });

  it('with a valid refresh token: GET /api/users/me, then authenticated with that user', async () => {
    stored({ website: 'w2' });
    const user = makeUser({ name: 'Grace' });
    apiMock.onGet('/api/users/me').reply(200, { data: user });
    const pending = initSession();
    expect(sessionStore.get(authStatusAtom)).toBe('loading');
    await pending;
    expect(apiMock.history.get).toHaveLength(1);
    expect(header(apiMock.history.get[0], 'Activewebsite')).toBe('w2');
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
    expect(sessionStore.get(userAtom)?.name).toBe('Grace');
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w2');
    expect(refreshMock.history.post).toHaveLength(0);
  });

  it('with an access token whose exp has passed: refreshes first instead of making a doomed call', async () => {
    stored({ access: jwt(-60) });
    refreshMock.onPost(`${BASE}/api/auth/refresh-token`).reply(200, {
      data: { access_token: 'fresh', refresh_token: 'refresh-2', refresh_token_expires_at: FUTURE },
    });
    apiMock.onGet('/api/users/me').reply((config) => (header(config, 'Authorization') === 'Bearer fresh' ? [200, { data: makeUser() }] : [401, {}]));
    await initSession();
    expect(apiMock.history.get).toHaveLength(1); // no 401 round trip
    expect(refreshMock.history.post).toHaveLength(1);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
  });

  it('a revoked session at start: cleared and unauthenticated, but the page is not left', async () => {
    stored();
    apiMock.onGet('/api/users/me').reply(401, {});
    refreshMock.onPost(`${BASE}/api/auth/refresh-token`).reply(401, {});
    await initSession();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    // The session's own calls never navigate (only the data layer's client leaves for the root): a reset-password link stays open.
  });

  it('a network failure at start keeps the tokens for the next try', async () => {
    stored();
    apiMock.onGet('/api/users/me').networkError();
    await initSession();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
  });

  it('a /api/users/me that does not answer within 5 s: stops waiting, unauthenticated, tokens kept', async () => {
    jest.useFakeTimers();
    try {
      stored();
      // Answers only when aborted: a server that hangs.
      apiMock
        .onGet('/api/users/me')
        .reply((config) => new Promise((_, reject) => config.signal?.addEventListener?.('abort', () => reject(new axios.CanceledError('aborted')))));
      const done = initSession();
      await jest.advanceTimersByTimeAsync(4999);
      expect(sessionStore.get(authStatusAtom)).toBe('loading');
      await jest.advanceTimersByTimeAsync(1);
      await done;
      expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
      expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    } finally {
      jest.useRealTimers();
    }
  });

  it('concurrent calls share one start-up check', async () => {
    stored();
    apiMock.onGet('/api/users/me').reply(200, { data: makeUser() });
    await Promise.all([initSession(), initSession(), initSession()]);
    expect(apiMock.history.get).toHaveLength(1);
  });
});

describe('signOut, switchWebsite, setUser', () => {
  it('signOut posts the refresh token to logout, then clears the tokens', async () => {
    signIn(loginResponse());
    apiMock.onPost('/api/auth/logout').reply(204);
    await signOut();
    expect(JSON.parse(apiMock.history.post[0].data)).toEqual({ refresh_token: 'refresh-1' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(sessionStore.get(userAtom)).toBeNull();
    // Spec section 4: logout clears the stored website as well.
    expect(localStorage.getItem('activeWebsite')).toBeNull();
  });

  it('signOut ignores a failing logout call and does not try to refresh for it', async () => {
    signIn(loginResponse());
    apiMock.onPost('/api/auth/logout').reply(401, {});
    await expect(signOut()).resolves.toBeUndefined();
    expect(refreshMock.history.post).toHaveLength(0);
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
  });

  it('switchWebsite accepts only the user’s websites and persists the choice', () => {
    signIn(loginResponse());
    expect(switchWebsite('w2')).toBe(true);
    expect(localStorage.getItem('activeWebsite')).toBe('w2');
    expect(sessionStore.get(activeWebsiteAtom)?.name).toBe('Shop');
    expect(switchWebsite('nope')).toBe(false);
    expect(localStorage.getItem('activeWebsite')).toBe('w2');
  });

  it('setUser replaces the user and moves off a website that was removed', () => {
    signIn(loginResponse());
    switchWebsite('w2');
    setUser(makeUser({ name: 'Renamed', websites: [{ _id: 'w1', name: 'Main', domain: 'main.example.com' }] }));
    expect(sessionStore.get(userAtom)?.name).toBe('Renamed');
    expect(sessionStore.get(activeWebsiteIdAtom)).toBe('w1');
  });
});
