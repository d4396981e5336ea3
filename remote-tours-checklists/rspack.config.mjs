import { createAppConfig } from '../tooling/rspack/app-config.mjs';

// Built, served and deployed on its own. `./manifest` is pure data (routes, permissions, nav);
// each screen is a separate exposed module, fetched the first time its route is visited.
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_tours_checklists',
  port: 3002,
  title: 'Signpost · Tours & checklists',
  exposes: {
    './manifest': './src/manifest.ts',
  },
});
