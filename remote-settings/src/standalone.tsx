import { renderStandalone } from 'shared-auth/standalone';
import manifest from './manifest';

// `pnpm --filter remote-settings dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({
  manifest,
  screens: {
    './RoleListScreen': () => import('./features/roles/RoleListScreen'),
    './WebsiteListScreen': () => import('./features/websites/WebsiteListScreen'),
  },
  apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000',
});
