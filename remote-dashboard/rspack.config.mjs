import { createRemoteConfig } from '../tooling/rspack/app-config.mjs';

// Built, served and deployed on its own. Its name, port and title come from the registry of remotes
// (contracts/src/remotes.json); its exposes from its manifest: `./manifest` (pure data: routes,
// permissions, nav) and each route's screen, fetched the first time its route is visited.
export default createRemoteConfig(import.meta.dirname);
