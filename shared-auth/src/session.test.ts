import axios, { AxiosHeaders, type AxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { STATE_REHYDRATE_TIMEOUT_MS } from 'contracts';
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
  RESTORE_RETRY,
  restoreSlowAtom,
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

  it('a network failure at start keeps the tokens and tries again until the server answers', async () => {
    jest.useFakeTimers();
    try {
      stored();
      apiMock.onGet('/api/users/me').networkErrorOnce().onGet('/api/users/me').replyOnce(503, {}).onGet('/api/users/me').reply(200, { data: makeUser() });
      const done = initSession();
      await jest.advanceTimersByTimeAsync(0);
      expect(apiMock.history.get).toHaveLength(1);
      expect(sessionStore.get(authStatusAtom)).toBe('loading');
      expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
      await jest.advanceTimersByTimeAsync(RESTORE_RETRY.firstDelayMs);
      expect(apiMock.history.get).toHaveLength(2);
      expect(sessionStore.get(authStatusAtom)).toBe('loading');
      // The second wait is twice the first.
      await jest.advanceTimersByTimeAsync(RESTORE_RETRY.firstDelayMs * 2 - 1);
      expect(apiMock.history.get).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      await done;
      expect(apiMock.history.get).toHaveLength(3);
      expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
      expect(sessionStore.get(userAtom)?.name).toBe('Ada');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a throttled refresh (429) at start is retried, not taken for a refusal', async () => {
    jest.useFakeTimers();
    try {
      stored({ access: jwt(-60) });
      refreshMock
        .onPost(`${BASE}/api/auth/refresh-token`)
        .replyOnce(429, {})
        .onPost(`${BASE}/api/auth/refresh-token`)
        .reply(200, { data: { access_token: 'fresh', refresh_token: 'refresh-2', refresh_token_expires_at: FUTURE } });
      apiMock.onGet('/api/users/me').reply(200, { data: makeUser() });
      const done = initSession();
      await jest.advanceTimersByTimeAsync(RESTORE_RETRY.firstDelayMs);
      await done;
      expect(refreshMock.history.post).toHaveLength(2);
      expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
      expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a refresh and a /api/users/me slower than STATE_REHYDRATE_TIMEOUT_MS: waited for, the person stays signed in', async () => {
    jest.useFakeTimers();
    try {
      stored({ access: jwt(-60) });
      const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
      refreshMock
        .onPost(`${BASE}/api/auth/refresh-token`)
        .reply(() =>
          later(STATE_REHYDRATE_TIMEOUT_MS - 1000, [200, { data: { access_token: 'fresh', refresh_token: 'refresh-2', refresh_token_expires_at: FUTURE } }]),
        );
      apiMock.onGet('/api/users/me').reply(() => later(STATE_REHYDRATE_TIMEOUT_MS, [200, { data: makeUser() }]));
      const done = initSession();
      await jest.advanceTimersByTimeAsync(STATE_REHYDRATE_TIMEOUT_MS - 1);
      expect(sessionStore.get(restoreSlowAtom)).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      // Past the time-out: said to be slow, still loading, nothing cleared, nothing aborted.
      expect(sessionStore.get(restoreSlowAtom)).toBe(true);
      expect(sessionStore.get(authStatusAtom)).toBe('loading');
      expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
      await jest.advanceTimersByTimeAsync(STATE_REHYDRATE_TIMEOUT_MS);
      await done;
      expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
      expect(sessionStore.get(userAtom)?.name).toBe('Ada');
      expect(sessionStore.get(restoreSlowAtom)).toBe(false);
      expect(refreshMock.history.post).toHaveLength(1);
      expect(apiMock.history.get).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('another tab signing out while the restore waits to retry: the session ends here too', async () => {
    jest.useFakeTimers();
    try {
      stored();
      apiMock.onGet('/api/users/me').networkError();
      const done = initSession();
      await jest.advanceTimersByTimeAsync(0);
      localStorage.removeItem('refresh_token');
      await jest.advanceTimersByTimeAsync(RESTORE_RETRY.firstDelayMs);
      await done;
      expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
      expect(apiMock.history.get).toHaveLength(1);
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
    // Logout clears the stored website as well.
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
