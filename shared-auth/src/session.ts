/**
 * Session actions (spec section 4): sign in, start-up check, sign out, website switch, user update.
 * The atoms and the store live in atoms.ts and are re-exported here.
 */
import { STATE_REHYDRATE_TIMEOUT_MS, type LoginResponse, type User } from 'contracts';
import { fetchMe, isTransientFailure, postLogout, refreshTokens } from './auth-http';
import { accessTokenAtom, activeWebsiteIdAtom, authStatusAtom, chooseWebsite, expireSession, sessionStore, syncFromStorage, userAtom } from './atoms';
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

/** Restoring outlived STATE_REHYDRATE_TIMEOUT_MS: start-up stopped waiting for it. */
class RestoreTimedOut extends Error {}

async function runInit(): Promise<void> {
  syncFromStorage();
  if (!hasLiveRefreshToken()) {
    expireSession();
    return;
  }
  sessionStore.set(authStatusAtom, 'loading');
  // Spec section 9: the state rehydrates within 5 s or the console goes on without it — never an
  // endless loader over a server that does not answer. The restore is abandoned, not applied late.
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new RestoreTimedOut());
    }, STATE_REHYDRATE_TIMEOUT_MS);
  });
  try {
    await Promise.race([restore(abort.signal), deadline]);
  } catch (err) {
    // The refresh failed or the server refused the session: it is over. A network failure, a server
    // error or no answer in time is not proof of that, so the tokens stay for the next try (a reload
    // or the sign-in page); the visitor is signed out for now.
    if (err instanceof RestoreTimedOut || abort.signal.aborted || isTransientFailure(err)) {
      sessionStore.set(userAtom, null);
      sessionStore.set(authStatusAtom, 'unauthenticated');
    } else {
      expireSession();
    }
  } finally {
    clearTimeout(timer);
  }
}

async function restore(signal: AbortSignal): Promise<void> {
  // An access token whose `exp` has passed would only earn a 401: refresh first, skip the doomed call.
  if (isAccessTokenExpired(readAccessToken())) await refreshTokens();
  // On a 401 the client refreshes by itself; if that fails it clears the session but stays on this
  // page (skipRootRedirect): start-up may run on a public page such as a reset-password link.
  // The answer is parsed by its contract: a malformed one throws here.
  const user = await fetchMe(signal);
  if (signal.aborted) return;
  establish(user);
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
  // Spec section 4: logout clears the stored website too; the next sign-in stores the user's first.
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
