/**
 * React access to the session. Every hook reads `sessionStore` explicitly instead of the nearest jotai
 * Provider: a remote may wrap its screens in a Provider of its own (for its own atoms) and must still
 * see the host's session, so there is exactly one session per page whatever the tree looks like.
 */
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import type { Resource, User, Website } from 'contracts';
import {
  abilityAtom,
  activeWebsiteAtom,
  authStatusAtom,
  isAuthenticatedAtom,
  permissionsAtom,
  restoreSlowAtom,
  sessionStore,
  userAtom,
  websitesAtom,
  type AuthStatus,
} from './atoms';
import type { AppAbility, ResourceAction, ResourceSubject } from './ability';
import { signOut, switchWebsite } from './session';

const inSession = { store: sessionStore } as const;

export function useAbility(): AppAbility {
  return useAtomValue(abilityAtom, inSession);
}

/**
 * Can the signed-in user do `action` on `resource` (a resource name or a `subject()`-tagged object)?
 * Typed by the permissions of contracts: `useCan('duplicate', 'checklist')` does not compile (the
 * checklist's action is `duplication`).
 */
export function useCan<R extends Resource>(action: ResourceAction<R>, resource: ResourceSubject<R>, field?: string): boolean {
  return useAbility().can(action, resource, field);
}

/** The user's permission strings: the union over their roles, sorted. */
export function usePermissions(): readonly string[] {
  return useAtomValue(permissionsAtom, inSession);
}

export function useAuthStatus(): AuthStatus {
  return useAtomValue(authStatusAtom, inSession);
}

/** True while a session restore has outlived STATE_REHYDRATE_TIMEOUT_MS and is still waiting or retrying. */
export function useRestoreSlow(): boolean {
  return useAtomValue(restoreSlowAtom, inSession);
}

export interface SessionView {
  user: User | null;
  status: AuthStatus;
  isAuthenticated: boolean;
  activeWebsite: Website | null;
  websites: readonly Website[];
  switchWebsite: (id: string) => boolean;
  signOut: () => Promise<void>;
}

export function useSession(): SessionView {
  const user = useAtomValue(userAtom, inSession);
  const status = useAtomValue(authStatusAtom, inSession);
  const isAuthenticated = useAtomValue(isAuthenticatedAtom, inSession);
  const activeWebsite = useAtomValue(activeWebsiteAtom, inSession);
  const websites = useAtomValue(websitesAtom, inSession);
  const doSwitch = useCallback((id: string) => switchWebsite(id), []);
  const doSignOut = useCallback(() => signOut(), []);
  return { user, status, isAuthenticated, activeWebsite, websites, switchWebsite: doSwitch, signOut: doSignOut };
}
