import { contentOf, popupBody } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

/** Popups ("posts", permissions *_posts) under /api/popups, inside the Activewebsite. */
export const protectedRoutes: ProtectedRoute[] = campaignMatrix({
  base: '/api/popups',
  resource: 'posts',
  kind: 'popup',
  body: () => popupBody(),
  bulkField: 'popups',
  cancelMethod: 'DELETE',
  withReactions: true,
  contentOf,
});

export const publicRoutes: Req[] = [];
