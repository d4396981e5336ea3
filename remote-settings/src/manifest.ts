import type { RemoteManifest } from 'contracts';

/** What this remote contributes to the console: pure data, read by the host at run time. */
const manifest: RemoteManifest = {
  name: 'remote_settings',
  namespace: 'settings',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/role', screen: './RoleListScreen', permission: 'get_role', layout: 'main' },
    { path: '/websites', screen: './WebsiteListScreen', permission: 'get_websites', layout: 'main' },
  ],
  nav: [
    { labelKey: 'nav.roles', path: '/role', icon: 'roles', permission: 'get_role', group: 'organisation', order: 20 },
    { labelKey: 'nav.websites', path: '/websites', icon: 'websites', permission: 'get_websites', group: 'organisation', order: 40 },
  ],
};

export default manifest;
