/**
 * The session's own three calls (refresh, who-am-I, logout), on an axios instance of their own. The
 * data layer (shared-data) sits above the session: it reads the tokens and asks for a refresh here, so
 * the session cannot call through it without a cycle between the packages.
 */
import axios, { type AxiosInstance } from 'axios';
import { callUrl, getMeCall, logoutCall, refreshTokenCall, type RefreshResponse, type User } from 'contracts';
import { accessTokenAtom, sessionStore } from './atoms';
import { readAccessToken, readActiveWebsite, readLanguage, readRefreshToken, writeTokens } from './storage';

const JSON_TYPE = 'application/json';
const validateStatus = (status: number): boolean => status >= 200 && status < 300;

let baseURL = '';
/** The refresh in flight, shared by every request that failed with a 401 meanwhile. */
let refreshInFlight: Promise<string> | null = null;

/** The session's calls, with the same headers as the data layer's client. */
function createAuthHttp(): AxiosInstance {
  const http = axios.create({ headers: { Accept: JSON_TYPE, 'Content-Type': JSON_TYPE }, timeout: 0, validateStatus });
  http.interceptors.request.use((config) => {
    config.baseURL = baseURL || undefined;
    config.headers.set('accept-language', readLanguage());
    const token = readAccessToken();
    const website = readActiveWebsite();
    if (token && website) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.headers.set('Activewebsite', website);
    }
    return config;
  });
  return http;
}

// Pure: a bundle that never asks who is signed in (the sign-in page) drops the instance.
export const authHttp: AxiosInstance = /*#__PURE__*/ createAuthHttp();

/** The API base URL (called by shared-data's `configureApi`, which every page calls first). */
export function configureAuth({ baseURL: url }: { baseURL: string }): void {
  baseURL = url.replace(/\/+$/, '');
}

/**
 * POST /api/auth/refresh-token with a bare axios call (not the data layer's client: its own 401 must not trigger another
 * refresh). Stores the new access token and the rotated refresh token.
 */
async function postRefresh(): Promise<string> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) throw new Error('No refresh token');
  const res = await axios.post<RefreshResponse>(
    `${baseURL}${callUrl(refreshTokenCall)}`,
    { refresh_token: refreshToken },
    {
      headers: { Accept: JSON_TYPE, 'Content-Type': JSON_TYPE, 'accept-language': readLanguage() },
      timeout: 0,
      validateStatus,
    },
  );
  const pair = res.data?.data;
  if (!pair || typeof pair.access_token !== 'string' || !pair.access_token) throw new Error('Malformed refresh answer');
  // Refresh tokens rotate: the old one is now used up, keeping it would sign us out at the next refresh.
  writeTokens({
    access_token: pair.access_token,
    refresh_token: pair.refresh_token || refreshToken,
    refresh_token_expires_at: pair.refresh_token_expires_at || '',
  });
  sessionStore.set(accessTokenAtom, pair.access_token);
  return pair.access_token;
}

/**
 * Tabs share the refresh token through storage. Two tabs refreshing with the same token would look like
 * token reuse to the server, which revokes the whole family. Where the browser has Web Locks, refreshes
 * are serialised across tabs, and a tab that waited finds the token already rotated and uses it.
 */
async function refreshAcrossTabs(): Promise<string> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (!locks?.request) return postRefresh();
  const before = readRefreshToken();
  return locks.request('signpost:refresh-token', async () => {
    const now = readRefreshToken();
    const access = readAccessToken();
    if (before && now && now !== before && access) {
      sessionStore.set(accessTokenAtom, access);
      return access;
    }
    return postRefresh();
  });
}

/** Refreshes the tokens; concurrent callers share one request. Resolves with the new access token. */
export function refreshTokens(): Promise<string> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * A failure that says nothing about the session: no answer at all (offline, time-out), a server
 * error (5xx) or a request the server did not get to (408 time-out, 429 throttled). Only a real
 * refusal (401/400) of the refresh token ends the session.
 */
export function isTransientFailure(err: unknown): boolean {
  if (!axios.isAxiosError(err)) return false;
  const status = err.response?.status;
  if (status === undefined) return err.message === 'Network Error' || err.code === 'ECONNABORTED' || err.code === 'ERR_NETWORK' || err.code === 'ETIMEDOUT';
  return status >= 500 || status === 408 || status === 429;
}

/** GET /api/users/me; a 401 (access token revoked or expired meanwhile) refreshes once and asks again. */
export async function fetchMe(signal?: AbortSignal): Promise<User> {
  const ask = () => authHttp.get(callUrl(getMeCall), { signal });
  let res;
  try {
    res = await ask();
  } catch (err) {
    if (!axios.isAxiosError(err) || err.response?.status !== 401 || !readRefreshToken()) throw err;
    await refreshTokens();
    res = await ask();
  }
  return getMeCall.response.parse(res.data).data;
}

/** POST /api/auth/logout: the server revokes the refresh token (never refreshed for: a 401 is an answer). */
export async function postLogout(refresh_token: string): Promise<void> {
  await authHttp.post(callUrl(logoutCall), { refresh_token });
}
