/**
 * THE axios instance. Every call of the host and of every remote goes through `api`,
 * so the headers, the 401 refresh and the replay are decided here once.
 *
 * - Headers: JSON accept and content-type, `accept-language` from the stored language, and the pair
 *   `Authorization: Bearer …` + `Activewebsite: …` only when BOTH the access token and the active
 *   website are present (to the letter: one without the other sends neither).
 * - XSRF cookie/header names, no time-out, 2xx accepted.
 * - On a 401: one refresh however many requests failed together, then each request replayed once with
 *   the new token. If the refresh fails, or there is no active website, both tokens are cleared and the
 *   page goes to the site root.
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { AUTH_CALLS } from 'contracts';
import {
  configureAuth,
  expireSession,
  isTransientFailure,
  readAccessToken,
  readActiveWebsite,
  readLanguage,
  readRefreshToken,
  refreshTokens,
} from 'shared-auth';
import { i18n } from 'shared-i18n';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Do not refresh on a 401. Calls under /api/auth/ never refresh anyway (there a 401 means "wrong
     * credentials", not "expired token"); set this for any other call whose 401 has that meaning.
     */
    skipAuthRefresh?: boolean;
    /**
     * If the refresh fails, clear the session but do not leave for the root: for the start-up check,
     * which may run on a public page (a reset-password link must not be thrown away).
     */
    skipRootRedirect?: boolean;
    /** Set on the replay of a refreshed request, so that a second 401 is not refreshed again (no loop). */
    _authRetried?: boolean;
  }
}

export interface ApiOptions {
  /** The API base URL from the runtime config (`apiBaseUrl`); '' means same origin. */
  baseURL: string;
  /** How to "go to the site root"; a full page load by default, so no state of the old session survives. */
  navigateToRoot?: () => void;
}

const JSON_TYPE = 'application/json';
const validateStatus = (status: number): boolean => status >= 200 && status < 300;
const defaultNavigateToRoot = (): void => window.location.assign('/');

let baseURL = '';
let navigateToRoot: () => void = defaultNavigateToRoot;
/** Set once we have left for the root, so 20 requests failing together navigate once, not 20 times. */
let leaving = false;

export const api: AxiosInstance = axios.create({
  headers: { Accept: JSON_TYPE, 'Content-Type': JSON_TYPE },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 0,
  validateStatus,
});

/** Called by the host with its runtime config before the first call; also starts a fresh session. */
export function configureApi(options: ApiOptions): void {
  baseURL = options.baseURL.replace(/\/+$/, '');
  api.defaults.baseURL = baseURL || undefined;
  navigateToRoot = options.navigateToRoot ?? defaultNavigateToRoot;
  configureAuth({ baseURL });
  leaving = false;
}

export function getApiBaseUrl(): string {
  return baseURL;
}

api.interceptors.request.use((config) => {
  // Read at send time, not at creation: the language and the tokens change while the page lives.
  config.headers.set('accept-language', readLanguage());
  const token = readAccessToken();
  const website = readActiveWebsite();
  if (token && website) {
    config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Activewebsite', website);
    leaving = false; // a signed-in session is sending again: a later failure must navigate again
  }
  // A FormData body (upload) must go as multipart with the browser's boundary: with the JSON
  // content-type left on, axios would serialise the form to JSON.
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) config.headers.setContentType(false);
  return config;
});

/** Calls whose 401 is an answer, not an expired token: login, identity login, refresh, logout, reset. */
function isAuthCall(url: string | undefined): boolean {
  return !!url && AUTH_CALLS.some((call) => url.endsWith(call.path));
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const value = config.headers.get('Authorization');
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice(7) : null;
}

/** Both tokens cleared, session atoms reset, and (unless the caller opted out) off to the root, once. */
function leave(config: InternalAxiosRequestConfig): void {
  expireSession();
  if (config.skipRootRedirect || leaving) return;
  leaving = true;
  navigateToRoot();
}

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config;
  if (config._authRetried || config.skipAuthRefresh || isAuthCall(config.url)) throw error;

  // Without an active website (or with nothing to refresh with) a refresh cannot help.
  if (!readActiveWebsite() || !readRefreshToken()) {
    leave(config);
    throw error;
  }

  // If the token in storage is not the one this request carried, a refresh already happened while it
  // was on its way (or another tab refreshed): replay with the current token rather than refresh again.
  const current = readAccessToken();
  if (!current || current === bearerOf(config)) {
    try {
      await refreshTokens();
    } catch (refreshError) {
      // Offline, or the server failing: that proves nothing about the session. Keep the tokens (the
      // next request tries again) and report the failure as it is ('Network Error').
      if (isTransientFailure(refreshError)) throw refreshError;
      leave(config);
      throw error;
    }
  }
  // The request interceptor puts the new token on the replay; `_authRetried` stops a second refresh.
  return api.request({ ...config, _authRetried: true });
});

interface ServerErrorBody {
  message?: unknown;
  errors?: unknown;
}

function bodyOf(err: unknown): ServerErrorBody | null {
  if (!axios.isAxiosError(err)) return null;
  const data = (err as AxiosError<ServerErrorBody>).response?.data;
  return data && typeof data === 'object' ? data : null;
}

/**
 * The server's `message` when it gave one, else the fallback (a translation key or a text the caller
 * shows as is): when the server gives a message, it is shown instead.
 */
export function errorMessage(err: unknown, fallbackKeyOrText: string): string {
  // No answer at all: say so ('Network Error') rather than blame the action.
  if (axios.isAxiosError(err) && !err.response && isTransientFailure(err)) return i18n.t('common:errors.network');
  const message = bodyOf(err)?.message;
  return typeof message === 'string' && message.trim() ? message : fallbackKeyOrText;
}

/** The server's per-field messages (`{ field: message }`) for a form, or {} when there are none. */
export function fieldErrors(err: unknown): Record<string, string> {
  const errors = bodyOf(err)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof message === 'string') out[field] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') out[field] = message[0];
  }
  return out;
}

/** The body of a successful answer, for `api.get(...).then(dataOf)`. */
export const dataOf = <T>(res: AxiosResponse<T>): T => res.data;
