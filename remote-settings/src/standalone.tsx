import { renderStandalone } from 'shared-content/standalone';
// Generated from the manifest by the build (tooling/rspack/app-config.mjs): one lazy import per screen.
import screens from '@signpost/remote-screens';
import manifest from './manifest';

// `pnpm --filter <this remote> dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({ manifest, screens, apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000' });
