import type { RemoteManifest } from 'contracts';

/**
 * What this remote contributes to the console: pure data, read by the host at run time. Paths and
 * permissions are the console's fixed ones. The `:id` of the create route is the workspace the new tour goes
 * into; `/tour/create` creates in none, as for the campaigns.
 */
const manifest: RemoteManifest = {
  name: 'remote_tours_checklists',
  namespace: 'toursChecklists',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/tour', screen: './TourListScreen', permission: 'get_tour', layout: 'main' },
    { path: '/tour/create', screen: './TourCreateScreen', permission: 'create_tour', layout: 'main' },
    { path: '/tour/:id/create', screen: './TourCreateScreen', permission: 'create_tour', layout: 'main' },
    { path: '/tour/:id/view', screen: './TourViewScreen', permission: 'get_tour', layout: 'main' },
    { path: '/tour/:id/update', screen: './TourUpdateScreen', permission: 'update_tour', layout: 'main' },
    { path: '/pretour', screen: './PretourScreen', permission: 'update_tour', layout: 'bare' },
    // Checklists (features/checklists): the view screen needs no permission.
    { path: '/checklist', screen: './ChecklistListScreen', permission: 'get_checklist', layout: 'main' },
    { path: '/checklist/create', screen: './ChecklistCreateScreen', permission: 'create_checklist', layout: 'main' },
    { path: '/checklist/:id/create', screen: './ChecklistCreateScreen', permission: 'create_checklist', layout: 'main' },
    { path: '/checklist/:id/view', screen: './ChecklistViewScreen', permission: null, layout: 'main' },
    { path: '/checklist/:id/update', screen: './ChecklistUpdateScreen', permission: 'update_checklist', layout: 'main' },
  ],
  nav: [
    { labelKey: 'nav.tours', path: '/tour', icon: 'route', permission: 'get_tour', group: 'engagement', order: 30 },
    { labelKey: 'nav.checklists', path: '/checklist', icon: 'listChecks', permission: 'get_checklist', group: 'engagement', order: 31 },
  ],
};

export default manifest;
