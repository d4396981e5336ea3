/**
 * Session actions: sign in, start-up check, sign out, website switch, user update.
 * The atoms and the store live in atoms.ts and are re-exported here.
 */
import { STATE_REHYDRATE_TIMEOUT_MS, type LoginResponse, type User } from 'contracts';
import { fetchMe, isTransientFailure, postLogout, refreshTokens } from './auth-http';
import {
  accessTokenAtom,
  activeWebsiteIdAtom,
  authStatusAtom,
  chooseWebsite,
  expireSession,
  restoreSlowAtom,
  sessionStore,
  syncFromStorage,
  userAtom,
} from './atoms';
import { hasLiveRefreshToken, isAccessTokenExpired, readAccessToken, readActiveWebsite, readRefreshToken, writeTokens } from './storage';

export * from './atoms';

/** Marks the user signed in and settles the active website (stored one if still theirs, else first). */
function establish(user: User): void {
  sessionStore.set(userAtom, user);
  sessionStore.set(activeWebsiteIdAtom, chooseWebsite(user, readActiveWebsite()));
  sessionStore.set(authStatusAtom, 'authenticated');
}

/** After POST /api/auth/login (or the identity-provider sign-in): store the tokens, set the user. */
export function signIn(response: LoginResponse): User {
  const { user, ...tokens } = response.data;
  writeTokens(tokens);
  sessionStore.set(accessTokenAtom, tokens.access_token);
  establish(user);
  return user;
}

let initInFlight: Promise<void> | null = null;

/**
 * At start: a present, unexpired refresh token (expiry checked on the client) leads to GET
 * /api/users/me, and to "authenticated" with the user; anything else clears the tokens and leaves the
 * visitor unauthenticated, without a single network call. Concurrent calls (React StrictMode runs
 * effects twice; several guards may ask) share one run.
 */
export function initSession(): Promise<void> {
  initInFlight ??= runInit().finally(() => {
    initInFlight = null;
  });
  return initInFlight;
}

/** Waits between restore attempts that met no answer or a server error: doubling, capped. */
export const RESTORE_RETRY = { firstDelayMs: 1000, maxDelayMs: 30_000 } as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function runInit(): Promise<void> {
  syncFromStorage();
  if (!hasLiveRefreshToken()) {
    expireSession();
    return;
  }
  sessionStore.set(authStatusAtom, 'loading');
  // A restore that outlives STATE_REHYDRATE_TIMEOUT_MS is said to be slow (the loader tells the
  // person it is still trying) but never given up: a slow machine or server is no proof that the
  // session is over, and abandoning the restore would send a signed-in person to the sign-in page.
  // Nor is a request aborted: a refresh the server already rotated, replayed, reads as token reuse.
  const slowTimer = setTimeout(() => sessionStore.set(restoreSlowAtom, true), STATE_REHYDRATE_TIMEOUT_MS);
  try {
    for (let delay: number = RESTORE_RETRY.firstDelayMs; ; delay = Math.min(delay * 2, RESTORE_RETRY.maxDelayMs)) {
      try {
        establish(await restore());
        return;
      } catch (err) {
        // Only the server's refusal of the session (a 401 of the refresh, or of the user call after a
        // successful refresh) ends it. No answer, a server error or a throttled call is retried with
        // the tokens kept; another tab that signed out meanwhile ends it here too.
        if (!isTransientFailure(err) || !hasLiveRefreshToken()) {
          expireSession();
          return;
        }
      }
      await wait(delay);
      if (!hasLiveRefreshToken()) {
        expireSession();
        return;
      }
    }
  } finally {
    clearTimeout(slowTimer);
    sessionStore.set(restoreSlowAtom, false);
  }
}

async function restore(): Promise<User> {
  // An access token whose `exp` has passed would only earn a 401: refresh first, skip the doomed call.
  if (isAccessTokenExpired(readAccessToken())) await refreshTokens();
  // On a 401 the client refreshes by itself; if that fails it clears the session but stays on this
  // page (skipRootRedirect): start-up may run on a public page such as a reset-password link.
  // The answer is parsed by its contract: a malformed one throws here.
  return fetchMe();
}

/**
 * POST /api/auth/logout with the refresh token so the server revokes it; its failure is ignored (the
 * local session ends either way). Then the tokens are cleared and the visitor is unauthenticated.
 */
export async function signOut(): Promise<void> {
  const refresh_token = readRefreshToken();
  try {
    if (refresh_token) await postLogout(refresh_token);
  } catch {
    // Already revoked, offline, server down: nothing the user can do about it, and nothing to wait for.
  }
  expireSession();
  // Logout clears the stored website too; the next sign-in stores the user's first.
  sessionStore.set(activeWebsiteIdAtom, null);
}

/** Selects another of the user's websites; returns false (and changes nothing) for any other id. */
export function switchWebsite(id: string): boolean {
  const user = sessionStore.get(userAtom);
  if (!user?.websites.some((w) => w._id === id)) return false;
  sessionStore.set(activeWebsiteIdAtom, id);
  return true;
}

/** After a profile update (or a website added or removed): new user, active website kept if still valid. */
export function setUser(user: User): void {
  sessionStore.set(userAtom, user);
  sessionStore.set(activeWebsiteIdAtom, chooseWebsite(user, sessionStore.get(activeWebsiteIdAtom)));
}

/**
 * Reads the signed-in user again (GET /api/users/me) after the server changed it: a website added or
 * removed, so the header's website switcher lists the new set and a deleted active website is left.
 */
export async function reloadUser(): Promise<void> {
  setUser(await fetchMe());
}
