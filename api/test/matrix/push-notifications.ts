import { contentOf, pushBody } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

/**
 * Push notifications (permissions *_pushNotification) under /api/push-notification. PUT and
 * DELETE act on the collection path with the id(s) in the body.
 */
export const protectedRoutes: ProtectedRoute[] = [
  ...campaignMatrix({
    base: '/api/push-notification',
    resource: 'pushNotification',
    kind: 'push',
    body: () => pushBody(),
    bulkField: 'notifications',
    cancelMethod: 'PATCH',
    withReactions: false,
    contentOf,
  }),
  {
    name: 'GET /api/push-notification/reach',
    permission: 'get_pushNotification',
    request: () => ({ method: 'GET', url: '/api/push-notification/reach' }),
  },
];

export const publicRoutes: Req[] = [];
