import type { RemoteManifest } from 'contracts';

/**
 * What this remote contributes to the console: pure data, read by the host at run time.
 * Paths and permissions are the console's fixed ones: "posts" are the popups. The `:id` of a create route
 * is the workspace the new item goes into; `/{kind}/create` creates in no workspace (a workspace is
 * never required). Nothing fixes whether
 * /push_notification/{id}/view exists; it is registered (read-only, like the other two services)
 * so a push notification can be looked at without the risk of editing it.
 */
const manifest: RemoteManifest = {
  name: 'remote_campaigns',
  namespace: 'campaigns',
  version: process.env.SIGNPOST_APP_VERSION ?? '0.0.0',
  routes: [
    { path: '/posts', screen: './PopupListScreen', permission: 'get_posts', layout: 'main' },
    { path: '/posts/create', screen: './PopupCreateScreen', permission: 'create_posts', layout: 'main' },
    { path: '/posts/:id/create', screen: './PopupCreateScreen', permission: 'create_posts', layout: 'main' },
    { path: '/posts/:id/view', screen: './PopupViewScreen', permission: 'get_posts', layout: 'main' },
    { path: '/posts/:id/update', screen: './PopupUpdateScreen', permission: 'update_posts', layout: 'main' },
    { path: '/banners', screen: './BannerListScreen', permission: 'get_banners', layout: 'main' },
    { path: '/banners/create', screen: './BannerCreateScreen', permission: 'create_banners', layout: 'main' },
    { path: '/banners/:id/create', screen: './BannerCreateScreen', permission: 'create_banners', layout: 'main' },
    { path: '/banners/:id/view', screen: './BannerViewScreen', permission: 'get_banners', layout: 'main' },
    { path: '/banners/:id/update', screen: './BannerUpdateScreen', permission: 'update_banners', layout: 'main' },
    // The push-notification routes require no permission.
    { path: '/push_notification', screen: './PushListScreen', permission: null, layout: 'main' },
    { path: '/push_notification/create', screen: './PushCreateScreen', permission: null, layout: 'main' },
    { path: '/push_notification/:id/create', screen: './PushCreateScreen', permission: null, layout: 'main' },
    { path: '/push_notification/:id/view', screen: './PushViewScreen', permission: null, layout: 'main' },
    { path: '/push_notification/:id/update', screen: './PushUpdateScreen', permission: null, layout: 'main' },
    { path: '/emails', screen: './EmailListScreen', permission: 'get_email', layout: 'main' },
    { path: '/emails/create', screen: './EmailCreateScreen', permission: 'create_email', layout: 'main' },
    { path: '/emails/:id/create', screen: './EmailCreateScreen', permission: 'create_email', layout: 'main' },
    { path: '/emails/:id/view', screen: './EmailViewScreen', permission: 'get_email', layout: 'main' },
    { path: '/emails/:id/update', screen: './EmailUpdateScreen', permission: 'update_email', layout: 'main' },
  ],
  nav: [
    { labelKey: 'nav.popups', path: '/posts', icon: 'messageSquare', permission: 'get_posts', group: 'engagement', order: 10 },
    { labelKey: 'nav.banners', path: '/banners', icon: 'flag', permission: 'get_banners', group: 'engagement', order: 20 },
    { labelKey: 'nav.push', path: '/push_notification', icon: 'bell', permission: null, group: 'engagement', order: 50 },
    { labelKey: 'nav.emails', path: '/emails', icon: 'mail', permission: 'get_email', group: 'engagement', order: 60 },
  ],
};

export default manifest;
