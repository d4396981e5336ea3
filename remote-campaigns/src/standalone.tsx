import { renderStandalone } from 'shared-auth/standalone';
import manifest from './manifest';

// `pnpm --filter remote-campaigns dev`: this remote alone, inside the same providers as in the host,
// signing in against the API, so its team works without the other apps running.
renderStandalone({
  manifest,
  screens: {
    './PopupListScreen': () => import('./features/popups/PopupListScreen'),
    './PopupCreateScreen': () => import('./features/popups/PopupCreateScreen'),
    './PopupViewScreen': () => import('./features/popups/PopupViewScreen'),
    './PopupUpdateScreen': () => import('./features/popups/PopupUpdateScreen'),
    './BannerListScreen': () => import('./features/banners/BannerListScreen'),
    './BannerCreateScreen': () => import('./features/banners/BannerCreateScreen'),
    './BannerViewScreen': () => import('./features/banners/BannerViewScreen'),
    './BannerUpdateScreen': () => import('./features/banners/BannerUpdateScreen'),
    './PushListScreen': () => import('./features/push-notifications/PushListScreen'),
    './PushCreateScreen': () => import('./features/push-notifications/PushCreateScreen'),
    './PushViewScreen': () => import('./features/push-notifications/PushViewScreen'),
    './PushUpdateScreen': () => import('./features/push-notifications/PushUpdateScreen'),
  },
  apiBaseUrl: process.env.SIGNPOST_API_URL ?? 'http://localhost:4000',
});
