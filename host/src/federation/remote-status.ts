/**
 * Load state of each remote, readable outside React. Deliberately free of imports: the runtime
 * plugins that write it run before the async boundary, where no shared module may be consumed.
 */
export type RemoteState = { status: 'idle' } | { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: string; skew?: RemoteSkew };

/**
 * A remote the host will not run because the two were built against different contracts or
 * shared singletons (the shape of contracts' `Incompatibility`, repeated to keep this file import-free).
 */
export interface RemoteSkew {
  kind: 'remote-newer' | 'remote-older';
  subject: string;
  remoteVersion: string;
  hostVersion: string;
}

const states = new Map<string, RemoteState>();
const listeners = new Set<() => void>();
let version = 0;

export function getRemoteState(name: string): RemoteState {
  return states.get(name) ?? { status: 'idle' };
}

/** Remotes whose settled states (ready, failed) are announced together at release. */
const held = new Set<string>();
let heldChanges = false;

export function setRemoteState(name: string, state: RemoteState) {
  states.set(name, state);
  version += 1;
  if (held.has(name) && state.status !== 'loading') {
    heldChanges = true;
    return;
  }
  listeners.forEach((l) => l());
}

/**
 * Holds the announcement of these remotes' arrivals (or failures) until the returned release is
 * called, so the sidebar and the layout render once for a batch of remotes rather than once per
 * remote: each of those renders re-runs every Chakra style of the layout, on the first visit's
 * busiest second. Their states are readable at once; only the re-render waits.
 */
export function holdRemoteStates(names: string[]): () => void {
  names.forEach((n) => held.add(n));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    names.forEach((n) => held.delete(n));
    if (!heldChanges) return;
    heldChanges = false;
    listeners.forEach((l) => l());
  };
}

export function markRemoteFailed(name: string, error: unknown) {
  setRemoteState(name, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
}

/** Marks a remote that loaded but was built for another contract or shared singletons than this host's. */
export function markRemoteSkewed(name: string, skew: RemoteSkew) {
  setRemoteState(name, {
    status: 'failed',
    error: `${name} was built with ${skew.subject} ${skew.remoteVersion}; this console has ${skew.hostVersion}`,
    skew,
  });
}

export function subscribeRemoteStates(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function remoteStatesVersion() {
  return version;
}
