import type { RemoteManifest } from 'contracts';

/** What this remote contributes to the console: pure data, read by the host at run time. */
const manifest: RemoteManifest = {
  name: 'remote_dashboard',
  namespace: 'dashboard',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [{ path: '/dashboard', screen: './DashboardScreen', permission: null, layout: 'main' }],
  nav: [{ labelKey: 'nav.dashboard', path: '/dashboard', icon: 'dashboard', permission: null, group: 'overview', order: 0 }],
};

export default manifest;
