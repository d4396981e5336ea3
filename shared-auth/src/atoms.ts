/**
 * The session state: jotai atoms and the ONE store that holds them.
 *
 * The host and every remote load this package as a module-federation singleton, so this module runs once
 * per page and `sessionStore` is the same object everywhere. The hooks of this package read it
 * explicitly (`{ store: sessionStore }`), so a remote that wraps its screens in its own jotai Provider
 * still sees the host's session.
 *
 * Kept apart from the actions (session.ts) so that the API client can clear the session on a failed
 * refresh without an import cycle (session.ts needs the client; the client needs these atoms).
 */
import { atom, createStore, type WritableAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { User, Website } from 'contracts';
import { buildAbility, type AppAbility, type RawRule } from './ability';
import { clearTokens, readAccessToken, readActiveWebsite, sessionEntryStorage, STORAGE_KEYS } from './storage';

export type AuthStatus = 'idle' | 'loading' | 'authenticated' | 'unauthenticated';

export const sessionStore = createStore();

export const authStatusAtom = atom<AuthStatus>('idle');
export const userAtom = atom<User | null>(null);
/**
 * The start-up restore of a stored session has taken longer than STATE_REHYDRATE_TIMEOUT_MS and is
 * still waiting or retrying: the loader says so instead of spinning silently.
 */
export const restoreSlowAtom = atom(false);

/** Signed in means both: the status says so and the user is known. */
export const isAuthenticatedAtom = atom((get) => get(authStatusAtom) === 'authenticated' && get(userAtom) !== null);

/**
 * Atoms that mirror a storage entry (jotai's `atomWithStorage`, read when created): writing one writes
 * storage too, null removes the entry. Storage stays the source of truth for the API client (see
 * storage.ts); these let React re-render when the value changes.
 */
const storedEntryAtom = (key: string) => atomWithStorage<string | null>(key, null, sessionEntryStorage, { getOnInit: true });

export const accessTokenAtom = storedEntryAtom(STORAGE_KEYS.accessToken);
/** The selected website's `_id`, stored under `activeWebsite`; sent as the `Activewebsite` header. */
export const activeWebsiteIdAtom = storedEntryAtom(STORAGE_KEYS.activeWebsite);

/** The union of every role's permissions, sorted, without duplicates. */
export const permissionsAtom = atom<readonly string[]>((get) => {
  const user = get(userAtom);
  if (!user) return [];
  const all = new Set<string>();
  for (const role of user.roles) for (const p of role.permissions) all.add(p);
  return [...all].sort();
});

/**
 * Extra CASL rules added on top of the permissions, typically deny rules (`inverted: true` with a
 * reason). Empty by default; the host may set it.
 */
export const extraRulesAtom = atom<readonly RawRule[]>([]);

export const abilityAtom = atom<AppAbility>((get) => buildAbility(get(permissionsAtom), get(extraRulesAtom)));

export const websitesAtom = atom<readonly Website[]>((get) => get(userAtom)?.websites ?? []);

/** The active website object, or null when the stored id is not among the user's websites. */
export const activeWebsiteAtom = atom<Website | null>((get) => {
  const id = get(activeWebsiteIdAtom);
  return get(websitesAtom).find((w) => w._id === id) ?? null;
});

/** The stored website if it is still one of the user's, else the first one, else none. */
export function chooseWebsite(user: User, storedId: string | null): string | null {
  if (storedId && user.websites.some((w) => w._id === storedId)) return storedId;
  return user.websites[0]?._id ?? null;
}

/**
 * Ends the session locally: both tokens cleared, no user, unauthenticated. Used by sign-out and by the
 * API client when a refresh fails.
 */
export function expireSession(): void {
  clearTokens();
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(userAtom, null);
  sessionStore.set(authStatusAtom, 'unauthenticated');
}

/** Re-reads the mirrored atoms from storage (at start, in tests, and when another tab changed it). */
export function syncFromStorage(): void {
  follow(accessTokenAtom, readAccessToken());
  follow(activeWebsiteIdAtom, readActiveWebsite());
}

/** Sets a mirrored atom to what storage holds; only when it differs, so storage is not written back. */
function follow(entry: WritableAtom<string | null, [string | null], void>, stored: string | null): void {
  if (sessionStore.get(entry) !== stored) sessionStore.set(entry, stored);
}

/**
 * Another tab signed out (its refresh token is gone) or refreshed (new access token) or switched
 * website: follow it, so this tab neither shows a dead session nor replays a rotated refresh token.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key === null || event.key === STORAGE_KEYS.refreshToken) {
      if (!event.newValue && sessionStore.get(authStatusAtom) === 'authenticated') {
        expireSession();
        return;
      }
    }
    if (event.key === null || event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.activeWebsite) {
      syncFromStorage();
    }
  });
}
