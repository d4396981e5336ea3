import { contentOf, pushBody } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

/**
 * Push notifications (permissions *_pushNotification) under /api/push-notification. PUT and
 * DELETE act on the collection path with the id(s) in the body.
 */
export const protectedRoutes: ProtectedRoute[] = campaignMatrix({
  base: '/api/push-notification',
  resource: 'pushNotification',
  kind: 'push',
  body: () => pushBody(),
  bulkField: 'notifications',
  cancelMethod: 'PATCH',
  withReactions: false,
  contentOf,
});

export const publicRoutes: Req[] = [];
