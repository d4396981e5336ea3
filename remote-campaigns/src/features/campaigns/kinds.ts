import { bannerCalls, emailCalls, popupCalls, pushNotificationCalls } from 'contracts';
import type { CampaignKindScreens } from 'shared-content';

/** The campaign kinds of this remote, as the shared list and view screens see them (shared-content's kinds). */
export const POPUP_SCREENS: CampaignKindScreens = {
  namespace: 'campaigns',
  i18nKey: 'popups',
  service: 'popup',
  subject: 'posts',
  basePath: '/posts',
  searchParam: 'titleOfPopup',
  feedback: popupCalls,
  lifecycle: popupCalls,
};
export const BANNER_SCREENS: CampaignKindScreens = {
  namespace: 'campaigns',
  i18nKey: 'banners',
  service: 'banner',
  subject: 'banners',
  basePath: '/banners',
  searchParam: 'titleOfBanner',
  feedback: bannerCalls,
  lifecycle: bannerCalls,
};
export const PUSH_NOTIFICATION_SCREENS: CampaignKindScreens = {
  namespace: 'campaigns',
  i18nKey: 'push',
  service: 'push',
  subject: 'pushNotification',
  basePath: '/push_notification',
  searchParam: 'title',
  lifecycle: pushNotificationCalls,
};
export const EMAIL_SCREENS: CampaignKindScreens = {
  namespace: 'campaigns',
  i18nKey: 'emails',
  service: 'email',
  subject: 'email',
  basePath: '/emails',
  searchParam: 'subject',
  lifecycle: emailCalls,
};
