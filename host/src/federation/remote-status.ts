/**
 * Load state of each remote, readable outside React. Deliberately free of imports: the runtime
 * plugins that write it run before the async boundary, where no shared module may be consumed.
 */
export type RemoteState = { status: 'idle' } | { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: string };

const states = new Map<string, RemoteState>();
const listeners = new Set<() => void>();
let version = 0;

export function getRemoteState(name: string): RemoteState {
  return states.get(name) ?? { status: 'idle' };
}

export function setRemoteState(name: string, state: RemoteState) {
  states.set(name, state);
  version += 1;
  listeners.forEach((l) => l());
}

export function markRemoteFailed(name: string, error: unknown) {
  setRemoteState(name, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
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
