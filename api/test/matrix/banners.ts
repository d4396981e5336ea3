import { bannerBody, contentOf } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

/** Banners (permissions *_banners) under /api/banners, inside the Activewebsite. */
export const protectedRoutes: ProtectedRoute[] = campaignMatrix({
  base: '/api/banners',
  resource: 'banners',
  kind: 'banner',
  body: () => bannerBody(),
  bulkField: 'banners',
  cancelMethod: 'DELETE',
  withReactions: true,
  contentOf,
});

export const publicRoutes: Req[] = [];
