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
  subject: string;
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

/**
 * The create route's workspace segment when the new item goes into no workspace (`workspace: null`
 * in the contracts): creating never requires a workspace, and "All workspaces" chooses none.
 */
export const NO_WORKSPACE = 'none';

/** The create route's `{id}` → the new document's workspace (null = none). */
export const workspaceOfCreateRoute = (id: string | undefined): string | null => (!id || id === NO_WORKSPACE ? null : id);

/** The create route of `resource` for the chosen workspace ('' = all workspaces → none). */
export const createPath = (resource: Pick<CampaignResource, 'basePath'>, workspaceId: string) => `${resource.basePath}/${workspaceId || NO_WORKSPACE}/create`;
