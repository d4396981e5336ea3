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
    './PopupListScreen': './src/features/popups/PopupListScreen.tsx',
    './PopupCreateScreen': './src/features/popups/PopupCreateScreen.tsx',
    './PopupViewScreen': './src/features/popups/PopupViewScreen.tsx',
    './PopupUpdateScreen': './src/features/popups/PopupUpdateScreen.tsx',
    './BannerListScreen': './src/features/banners/BannerListScreen.tsx',
    './BannerCreateScreen': './src/features/banners/BannerCreateScreen.tsx',
    './BannerViewScreen': './src/features/banners/BannerViewScreen.tsx',
    './BannerUpdateScreen': './src/features/banners/BannerUpdateScreen.tsx',
    './PushListScreen': './src/features/push-notifications/PushListScreen.tsx',
    './PushCreateScreen': './src/features/push-notifications/PushCreateScreen.tsx',
    './PushViewScreen': './src/features/push-notifications/PushViewScreen.tsx',
    './PushUpdateScreen': './src/features/push-notifications/PushUpdateScreen.tsx',
  },
});
