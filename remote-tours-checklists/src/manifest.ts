import type { RemoteManifest } from 'contracts';

// No screens yet: a remote contributes no routes until it has real screens (no placeholders).

/** What this remote contributes to the console: pure data, read by the host at run time. */
const manifest: RemoteManifest = {
  name: 'remote_tours_checklists',
  namespace: 'toursChecklists',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [],
  nav: [],
};

export default manifest;
