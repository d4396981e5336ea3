import axios, { AxiosHeaders, type AxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { api, configureApi, errorMessage, fieldErrors } from './api-client';
import { accessTokenAtom, authStatusAtom, sessionStore, syncFromStorage, userAtom } from 'shared-auth';
import { BASE, FUTURE, delay, makeUser } from 'shared-auth/test-fixtures';

// `api` and the bare axios used for the refresh call are mocked separately: that the refresh goes
// around `api` (so its own 401 cannot trigger another refresh) is part of what is tested.
const apiMock = new MockAdapter(api);
const refreshMock = new MockAdapter(axios);
const REFRESH_URL = `${BASE}/api/auth/refresh-token`;
let navigateToRoot: jest.Mock;

const header = (config: AxiosRequestConfig, name: string) => AxiosHeaders.from(config.headers as never).get(name);

function signedIn({ token = 'old-token', website = 'w1' as string | null } = {}) {
  localStorage.setItem('access_token', token);
  localStorage.setItem('refresh_token', 'refresh-1');
  localStorage.setItem('refresh_token_expires_at', FUTURE);
  if (website) localStorage.setItem('activeWebsite', website);
  syncFromStorage();
  sessionStore.set(userAtom, makeUser());
  sessionStore.set(authStatusAtom, 'authenticated');
}

/** The server: 200 for the token `new-token`, 401 for anything else. */
function protectedRoute(url = '/api/items') {
  apiMock.onGet(url).reply((config) => (header(config, 'Authorization') === 'Bearer new-token' ? [200, { ok: true }] : [401, { message: 'Unauthorized' }]));
}

function refreshAnswers(delayMs = 20) {
  refreshMock.onPost(REFRESH_URL).reply(async () => {
    await delay(delayMs); // keep the refresh in flight while the other 401s arrive
    return [200, { data: { access_token: 'new-token', refresh_token: 'refresh-2', refresh_token_expires_at: FUTURE } }];
  });
}

beforeEach(() => {
  localStorage.clear();
  apiMock.reset();
  refreshMock.reset();
  navigateToRoot = jest.fn();
  configureApi({ baseURL: `${BASE}/`, navigateToRoot });
  sessionStore.set(userAtom, null);
  sessionStore.set(authStatusAtom, 'idle');
  syncFromStorage();
});

describe('headers', () => {
  beforeEach(() => apiMock.onAny().reply(200, {}));

  it('sends JSON headers, the stored language, and the base URL from configureApi', async () => {
    localStorage.setItem('i18nextLng', 'fr');
    await api.get('/api/count');
    const [config] = apiMock.history.get;
    expect(config.baseURL).toBe(BASE);
    expect(header(config, 'Accept')).toBe('application/json');
    expect(header(config, 'accept-language')).toBe('fr');
    await api.post('/api/tags', { name: 'x' });
    expect(header(apiMock.history.post[0], 'Content-Type')).toBe('application/json');
  });

  it("defaults accept-language to 'en' and follows a language change without a reload", async () => {
    await api.get('/api/count');
    localStorage.setItem('i18nextLng', 'ar');
    await api.get('/api/count');
    expect(apiMock.history.get.map((c) => header(c, 'accept-language'))).toEqual(['en', 'ar']);
  });

  it('sends Authorization and Activewebsite when both the token and the website are present', async () => {
    signedIn();
    await api.get('/api/roles');
    const [config] = apiMock.history.get;
    expect(header(config, 'Authorization')).toBe('Bearer old-token');
    expect(header(config, 'Activewebsite')).toBe('w1');
  });

  it('sends neither when the website is missing, nor when the token is missing', async () => {
    localStorage.setItem('access_token', 'tok');
    await api.get('/api/a');
    localStorage.removeItem('access_token');
    localStorage.setItem('activeWebsite', 'w1');
    await api.get('/api/b');
    for (const config of apiMock.history.get) {
      expect(header(config, 'Authorization')).toBeFalsy();
      expect(header(config, 'Activewebsite')).toBeFalsy();
    }
  });

  it('sets the XSRF names, no time-out and 2xx-only validation', () => {
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(api.defaults.timeout).toBe(0);
    expect([199, 200, 299, 300].map((s) => api.defaults.validateStatus!(s))).toEqual([false, true, true, false]);
  });

  it('sends a FormData upload as multipart, not as JSON', async () => {
    signedIn();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.post('/api/upload', form);
    const [config] = apiMock.history.post;
    expect(config.data).toBeInstanceOf(FormData);
    expect(header(config, 'Content-Type')).not.toBe('application/json');
  });
});

describe('401: one refresh, then replay', () => {
  it('20 requests failing together cause exactly one refresh call and 20 replays with the new token', async () => {
    signedIn();
    protectedRoute();
    refreshAnswers();

    const results = await Promise.all(Array.from({ length: 20 }, () => api.get('/api/items')));

    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(refreshMock.history.post).toHaveLength(1);
    expect(JSON.parse(refreshMock.history.post[0].data)).toEqual({ refresh_token: 'refresh-1' });
    const calls = apiMock.history.get;
    expect(calls).toHaveLength(40); // 20 originals + 20 replays, none replayed twice
    expect(calls.filter((c) => header(c, 'Authorization') === 'Bearer old-token')).toHaveLength(20);
    const replays = calls.filter((c) => header(c, 'Authorization') === 'Bearer new-token');
    expect(replays).toHaveLength(20);
    for (const replay of replays) expect(header(replay, 'Activewebsite')).toBe('w1');
    // The new access token and the ROTATED refresh token are stored; the session stays signed in.
    expect(localStorage.getItem('access_token')).toBe('new-token');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(sessionStore.get(accessTokenAtom)).toBe('new-token');
    expect(sessionStore.get(authStatusAtom)).toBe('authenticated');
    expect(navigateToRoot).not.toHaveBeenCalled();
  });

  it('a 401 arriving after the refresh finished replays with the new token instead of refreshing again', async () => {
    signedIn();
    refreshAnswers(0);
    protectedRoute('/api/fast');
    // This one was sent with the old token but answers only after the refresh is done.
    apiMock.onGet('/api/slow').reply(async (config) => {
      await delay(60);
      return header(config, 'Authorization') === 'Bearer new-token' ? [200, {}] : [401, {}];
    });
    const [fast, slow] = await Promise.all([api.get('/api/fast'), api.get('/api/slow')]);
    expect([fast.status, slow.status]).toEqual([200, 200]);
    expect(refreshMock.history.post).toHaveLength(1);
  });

  it('a replay failing with 401 again is not refreshed again (no loop)', async () => {
    signedIn();
    apiMock.onGet('/api/items').reply(401, { message: 'still no' });
    refreshAnswers(0);
    await expect(api.get('/api/items')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshMock.history.post).toHaveLength(1);
    expect(apiMock.history.get).toHaveLength(2);
  });

  it('a failed refresh clears both tokens and the session, and leaves for the root once', async () => {
    signedIn();
    protectedRoute();
    refreshMock.onPost(REFRESH_URL).reply(async () => {
      await delay(10);
      return [401, { message: 'Refresh token revoked' }];
    });

    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => api.get('/api/items')));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(refreshMock.history.post).toHaveLength(1);
    expect(apiMock.history.get).toHaveLength(20); // nothing replayed
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
    expect(sessionStore.get(authStatusAtom)).toBe('unauthenticated');
    expect(navigateToRoot).toHaveBeenCalledTimes(1);
  });

  it('without an active website a 401 clears both tokens and leaves for the root, without refreshing', async () => {
    signedIn({ website: null });
    apiMock.onGet('/api/items').reply(401, {});
    await expect(api.get('/api/items')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshMock.history.post).toHaveLength(0);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(navigateToRoot).toHaveBeenCalledTimes(1);
  });

  it("a network failure of the refresh is not a sign-out: tokens kept, the caller gets 'Network Error'", async () => {
    signedIn();
    protectedRoute();
    const before = localStorage.getItem('refresh_token');
    refreshMock.onPost(REFRESH_URL).networkError();
    await expect(api.get('/api/items')).rejects.toMatchObject({ message: 'Network Error' });
    expect(localStorage.getItem('refresh_token')).toBe(before);
    expect(localStorage.getItem('access_token')).not.toBeNull();
    expect(navigateToRoot).not.toHaveBeenCalled();
  });

  it('a server error (5xx) of the refresh is not a sign-out either', async () => {
    signedIn();
    protectedRoute();
    refreshMock.onPost(REFRESH_URL).reply(503, { message: 'down' });
    await expect(api.get('/api/items')).rejects.toMatchObject({ response: { status: 503 } });
    expect(localStorage.getItem('refresh_token')).not.toBeNull();
    expect(navigateToRoot).not.toHaveBeenCalled();
  });

  it('a 401 from login (wrong password) is handed to the caller untouched', async () => {
    signedIn();
    apiMock.onPost('/api/auth/login').reply(401, { message: 'Invalid email or password' });
    const err = await api.post('/api/auth/login', {}).catch((e: unknown) => e);
    expect(errorMessage(err, 'fallback')).toBe('Invalid email or password');
    expect(refreshMock.history.post).toHaveLength(0);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(navigateToRoot).not.toHaveBeenCalled();
  });

  it('other errors are not touched: 403 reaches the caller with its body', async () => {
    signedIn();
    apiMock.onGet('/api/roles').reply(403, { message: 'Forbidden' });
    await expect(api.get('/api/roles')).rejects.toMatchObject({ response: { status: 403, data: { message: 'Forbidden' } } });
    expect(refreshMock.history.post).toHaveLength(0);
  });
});

describe('errors for the screens', () => {
  it("reports a network failure as 'Network Error'", async () => {
    apiMock.onGet('/api/count').networkError();
    await expect(api.get('/api/count')).rejects.toThrow('Network Error');
  });

  it("errorMessage says 'Network Error' (in the user's language) for a failure without an answer, not the action's fallback", async () => {
    const { i18n } = await import('shared-i18n');
    const t = jest.spyOn(i18n, 't').mockImplementation(((key: string) => (key === 'common:errors.network' ? 'Network Error' : key)) as never);
    apiMock.onPost('/api/popups').networkError();
    const failure = await api.post('/api/popups', {}).catch((e: unknown) => e);
    expect(errorMessage(failure, 'Error while creating popups')).toBe('Network Error');
    t.mockRestore();
  });

  it('errorMessage gives the server message, else the fallback', async () => {
    apiMock.onPost('/api/websites').replyOnce(409, { message: 'Website already exists' }).onPost('/api/websites').replyOnce(500, {});
    const first = await api.post('/api/websites', {}).catch((e: unknown) => e);
    const second = await api.post('/api/websites', {}).catch((e: unknown) => e);
    expect(errorMessage(first, 'something went wrong')).toBe('Website already exists');
    expect(errorMessage(second, 'something went wrong')).toBe('something went wrong');
    expect(errorMessage(new Error('boom'), 'x')).toBe('x');
  });

  it('fieldErrors gives the per-field messages of a 400', async () => {
    apiMock.onPut('/api/users/profile-update').reply(400, { message: 'Invalid', errors: { email: 'Email already used', bad: 3 } });
    const err = await api.put('/api/users/profile-update', {}).catch((e: unknown) => e);
    expect(fieldErrors(err)).toEqual({ email: 'Email already used' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
