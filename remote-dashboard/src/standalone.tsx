import { renderStandalone } from 'shared-auth/standalone';
import manifest from './manifest';

// `pnpm --filter remote-dashboard dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({
  manifest,
  screens: { './DashboardScreen': () => import('./features/dashboard/DashboardScreen') },
  apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000',
});
