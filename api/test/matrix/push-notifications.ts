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
    name: 'GET /api/push-notification/:id/reach',
    permission: 'get_pushNotification',
    request: async (u, t) => ({ method: 'GET', url: `/api/push-notification/${await contentOf(t, u, 'push')}/reach` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/push-notification/${await contentOf(t, owner, 'push')}/reach` }),
  },
];

export const publicRoutes: Req[] = [];
