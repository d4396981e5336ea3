import type { WorkspaceService } from 'contracts';

/**
 * What tells the three campaign services apart in the screens they share (list and view): each is
 * described once here as data, so the shared screens never branch on which service they show.
 */
export interface CampaignResource {
  /** Translation prefix in the campaigns namespace and test-id stem. */
  kind: 'popups' | 'banners' | 'push';
  service: WorkspaceService;
  /** CASL subject of the actions (spec section 6: posts, banners, pushNotification). */
  subject: 'posts' | 'banners' | 'pushNotification';
  /** Route base: /posts, /banners, /push_notification. */
  basePath: string;
  /** Query parameter of the list call's title search (it differs per call). */
  searchParam: string;
  /** Comments and reactions are kept for popups and banners only (the feedback dialog's kind). */
  feedback?: 'popups' | 'banners';
}

export const POPUPS: CampaignResource = {
  kind: 'popups',
  service: 'popup',
  subject: 'posts',
  basePath: '/posts',
  searchParam: 'titleOfPopup',
  feedback: 'popups',
};
export const BANNERS: CampaignResource = {
  kind: 'banners',
  service: 'banner',
  subject: 'banners',
  basePath: '/banners',
  searchParam: 'titleOfBanner',
  feedback: 'banners',
};
export const PUSH_NOTIFICATIONS: CampaignResource = {
  kind: 'push',
  service: 'push',
  subject: 'pushNotification',
  basePath: '/push_notification',
  searchParam: 'title',
};
