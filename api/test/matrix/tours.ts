import { contentOf, tourBody } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

const BASE = '/api/product-tours';

/**
 * Product tours (permissions *_tour) under /api/product-tours, inside the Activewebsite: the banners'
 * routes, except create (a POST without a body), and the view screen's statistics.
 */
export const protectedRoutes: ProtectedRoute[] = [
  ...campaignMatrix({
    base: BASE,
    resource: 'tour',
    kind: 'tour',
    body: () => tourBody(),
    bulkField: 'productTours',
    cancelMethod: 'DELETE',
    withReactions: true,
    contentOf,
  }).filter((r) => r.name !== `POST ${BASE}`),
  { name: `POST ${BASE}`, permission: 'create_tour', okStatus: 201, request: () => ({ method: 'POST', url: BASE }) },
  {
    name: `GET ${BASE}/:id/stats`,
    permission: 'get_tour',
    request: async (u, t) => ({ method: 'GET', url: `${BASE}/${await contentOf(t, u, 'tour')}/stats` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `${BASE}/${await contentOf(t, owner, 'tour')}/stats` }),
  },
];

export const publicRoutes: Req[] = [];
