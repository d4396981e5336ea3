import path from 'node:path';
import { createAppConfig } from '../tooling/rspack/app-config.mjs';

// The host exposes nothing and knows no remote at build time: remotes come from
// /runtime-config.json at start (see src/federation/remotes.ts).
export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'host',
  port: 3000,
  title: 'Signpost',
  publicPath: '/',
  preloadFiles: ['/runtime-config.json', '/locales/{lng}/common.json', '/locales/{lng}/host.json'],
  runtimePlugins: [
    path.join(import.meta.dirname, 'src/federation/retry-plugin.ts'),
    path.join(import.meta.dirname, 'src/federation/isolation-plugin.ts'),
  ],
});
