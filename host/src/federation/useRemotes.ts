import { useSyncExternalStore } from 'react';
import { getRemoteState, remoteStatesVersion, subscribeRemoteStates } from './remote-status';
import { configuredRemotes, getManifest } from './remotes';

/** Re-renders when any remote's state changes; returns each configured remote with its state. */
export function useRemotes() {
  useSyncExternalStore(subscribeRemoteStates, remoteStatesVersion, remoteStatesVersion);
  return configuredRemotes().map((remote) => ({
    remote,
    state: getRemoteState(remote.name),
    manifest: getManifest(remote.name),
  }));
}
