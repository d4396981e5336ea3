import type { RemoteManifest } from 'contracts';

/**
 * What this remote contributes to the console: pure data, read by the host at run time. Paths and
 * permissions are spec section 2's. The `:id` of the create route is the workspace the new tour goes
 * into ('none': no workspace), as for the campaigns.
 */
const manifest: RemoteManifest = {
  name: 'remote_tours_checklists',
  namespace: 'toursChecklists',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/tour', screen: './TourListScreen', permission: 'get_tour', layout: 'main' },
    { path: '/tour/:id/create', screen: './TourCreateScreen', permission: 'create_tour', layout: 'main' },
    { path: '/tour/:id/view', screen: './TourViewScreen', permission: 'get_tour', layout: 'main' },
    { path: '/tour/:id/update', screen: './TourUpdateScreen', permission: 'update_tour', layout: 'main' },
    { path: '/pretour', screen: './PretourScreen', permission: 'update_tour', layout: 'bare' },
  ],
  nav: [{ labelKey: 'nav.tours', path: '/tour', icon: 'tour', permission: 'get_tour', group: 'engagement', order: 30 }],
};

export default manifest;
