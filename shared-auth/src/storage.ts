/**
 * Browser storage of the session, under fixed keys that existing pages read. Everything that reads or writes
 * a token goes through here, so the keys live in one place.
 *
 * Storage (not a module variable) is the source of truth for the tokens: the refresh token rotates on
 * every use, and a second tab must see the rotated one, or its next refresh would replay a used token
 * and the server's reuse detection would revoke the whole family (signing out every tab).
 */
import type { TokenPair } from 'contracts';

export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  refreshTokenExpiresAt: 'refresh_token_expires_at',
  activeWebsite: 'activeWebsite',
  /** Written by shared-i18n's language detector; read here only for the accept-language header. */
  language: 'i18nextLng',
} as const;

/** localStorage, or null where it is missing or refused (private mode, sandboxed iframe). */
function store(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    const value = store()?.getItem(key) ?? null;
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null | undefined): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null || value === undefined || value === '') s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // A full or refused storage must not break the request in flight; the session then lasts the page.
  }
}

/**
 * One entry of the session as jotai storage (`atomWithStorage`): the raw string under its fixed key,
 * byte for byte as before (no JSON quoting), null when absent, empty or unreadable.
 * No `subscribe`: jotai would follow other tabs only while a component has the atom mounted, and the
 * session must follow them always (the guards and the API client read it outside React), so atoms.ts
 * listens to the `storage` event once for the whole session instead.
 */
export const sessionEntryStorage = {
  getItem: (key: string): string | null => read(key),
  setItem: (key: string, value: string | null): void => write(key, value),
  removeItem: (key: string): void => write(key, null),
};

export const readAccessToken = (): string | null => read(STORAGE_KEYS.accessToken);
export const readRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken);
export const readRefreshTokenExpiresAt = (): string | null => read(STORAGE_KEYS.refreshTokenExpiresAt);
export const readActiveWebsite = (): string | null => read(STORAGE_KEYS.activeWebsite);
/** The stored interface language, `en` when none. */
export const readLanguage = (): string => read(STORAGE_KEYS.language) ?? 'en';

export const writeAccessToken = (token: string | null): void => write(STORAGE_KEYS.accessToken, token);
export const writeActiveWebsite = (id: string | null): void => write(STORAGE_KEYS.activeWebsite, id);

/** Stores a login or refresh answer: all three values, since the refresh token rotates every time. */
export function writeTokens(pair: TokenPair): void {
  write(STORAGE_KEYS.accessToken, pair.access_token);
  write(STORAGE_KEYS.refreshToken, pair.refresh_token);
  write(STORAGE_KEYS.refreshTokenExpiresAt, pair.refresh_token_expires_at);
}

export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: string | null;
}

export function readTokens(): StoredTokens {
  return {
    accessToken: readAccessToken(),
    refreshToken: readRefreshToken(),
    refreshTokenExpiresAt: readRefreshTokenExpiresAt(),
  };
}

/**
 * Clears both tokens (and the expiry that belongs to the refresh token). The active website is kept on
 * purpose: it is a preference, checked against the user's websites at the next sign-in (the
 * stored one is kept if still among the user's websites).
 */
export function clearTokens(): void {
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.refreshTokenExpiresAt, null);
}

/** Clears everything this package stores, the active website included. */
export function clearStorage(): void {
  clearTokens();
  write(STORAGE_KEYS.activeWebsite, null);
}

/**
 * Reads `exp` (seconds since the epoch) from a JWT without verifying it: the client only uses it to
 * avoid a call that is sure to fail, the server still decides. Opaque or malformed tokens give null.
 */
export function decodeJwtExp(token: string | null | undefined): number | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const payload: unknown = JSON.parse(atob(base64));
    const exp = (payload as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Has the access token expired (with a few seconds of margin for clock skew and the trip)? Unknown
 * expiry counts as "not expired": the server answers, and a 401 is refreshed as usual.
 */
export function isAccessTokenExpired(token: string | null, now = Date.now(), skewMs = 10_000): boolean {
  if (!token) return true;
  const exp = decodeJwtExp(token);
  return exp !== null && exp * 1000 <= now + skewMs;
}

/** Is the stored refresh token present and its expiry date in the future? */
export function hasLiveRefreshToken(now = Date.now()): boolean {
  const { refreshToken, refreshTokenExpiresAt } = readTokens();
  if (!refreshToken || !refreshTokenExpiresAt) return false;
  const at = Date.parse(refreshTokenExpiresAt);
  return Number.isFinite(at) && at > now;
}
