import { createAppConfig } from '../tooling/rspack/app-config.mjs';

// Built, served and deployed on its own. `./manifest` is pure data (routes, permissions, nav);
// each screen is a separate exposed module, fetched the first time its route is visited.
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'remote_campaigns',
  port: 3001,
  title: 'Signpost · Campaigns',
  exposes: {
    './manifest': './src/manifest.ts',
  },
});
