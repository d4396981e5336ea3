import { renderStandalone } from 'shared-auth/standalone';
import manifest from './manifest';

// `pnpm --filter remote-campaigns dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({
  manifest,
  screens: {},
  apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000',
});
