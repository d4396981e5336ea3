import type { RemoteManifest } from 'contracts';

/** What this remote contributes to the console: pure data, read by the host at run time. */
const manifest: RemoteManifest = {
  name: 'remote_settings',
  namespace: 'settings',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/role', screen: './RoleListScreen', permission: 'get_role', layout: 'main' },
    { path: '/role/create', screen: './RoleCreateScreen', permission: 'create_role', layout: 'main' },
    { path: '/role/:id/edit', screen: './RoleEditScreen', permission: 'update_role', layout: 'main' },
    { path: '/websites', screen: './WebsiteListScreen', permission: 'get_websites', layout: 'main' },
    // The spec gives tags and workspaces no route nor permission: any signed-in member (as the API).
    { path: '/settings/tags', screen: './TagListScreen', permission: null, layout: 'main' },
    { path: '/settings/workspaces', screen: './WorkspaceListScreen', permission: null, layout: 'main' },
  ],
  nav: [
    { labelKey: 'nav.roles', path: '/role', icon: 'roles', permission: 'get_role', group: 'organisation', order: 20 },
    { labelKey: 'nav.websites', path: '/websites', icon: 'websites', permission: 'get_websites', group: 'organisation', order: 40 },
    { labelKey: 'tags.nav', path: '/settings/tags', icon: 'tags', permission: null, group: 'setup', order: 40 },
    { labelKey: 'workspaces.nav', path: '/settings/workspaces', icon: 'workspaces', permission: null, group: 'setup', order: 45 },
  ],
};

export default manifest;
