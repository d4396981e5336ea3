import { checklistBody, contentOf } from '../support/campaigns';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

const BASE = '/api/check-list';

/**
 * Checklists (permissions *_checklist) under /api/check-list, inside the Activewebsite: the campaigns'
 * routes with the checklists' own paths for duplicate and cancel (duplicate needs `duplication_checklist`),
 * no comments or reactions, and the view screen's stats-user.
 */
export const protectedRoutes: ProtectedRoute[] = [
  ...campaignMatrix({
    base: BASE,
    resource: 'checklist',
    kind: 'checklist',
    body: () => checklistBody(),
    bulkField: 'checklists',
    cancelMethod: 'POST',
    idFirst: true,
    withReactions: false,
    contentOf,
  }),
  {
    name: `GET ${BASE}/:id/stats-user`,
    permission: 'get_checklist',
    request: async (u, t) => ({ method: 'GET', url: `${BASE}/${await contentOf(t, u, 'checklist')}/stats-user` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `${BASE}/${await contentOf(t, owner, 'checklist')}/stats-user` }),
  },
];

export const publicRoutes: Req[] = [];
