import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * The super-admin's management of client accounts. `/api/admin/*` is reserved to
 * the super-admin ('admin'); these routes are not scoped to an organisation (the administrator
 * manages every client account), so they have no "other organisation" case.
 */
async function someoneElse(t: TestApp): Promise<string> {
  return (await t.createUser({ permissions: [] })).id;
}

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/admin/users',
    permission: 'admin',
    okStatus: 201,
    request: () => ({
      method: 'POST',
      url: '/api/admin/users',
      payload: { name: 'Client', email: `client-${randomId()}@example.test`, password: 'Client-pass-1', domain: `${randomId().slice(0, 8)}.example.test` },
    }),
  },
  {
    name: 'GET /api/admin/users/:id',
    permission: 'admin',
    request: async (_u: TestUser, t) => ({ method: 'GET', url: `/api/admin/users/${await someoneElse(t)}` }),
  },
  {
    name: 'PUT /api/admin/users/:id',
    permission: 'admin',
    request: async (_u: TestUser, t) => ({
      method: 'PUT',
      url: `/api/admin/users/${await someoneElse(t)}`,
      payload: { name: 'Renamed', email: `renamed-${randomId()}@example.test` },
    }),
  },
  {
    name: 'DELETE /api/admin/users/:id',
    permission: 'admin',
    request: async (_u: TestUser, t) => ({ method: 'DELETE', url: `/api/admin/users/${await someoneElse(t)}` }),
  },
  { name: 'GET /api/admin/senders', permission: 'admin', request: () => ({ method: 'GET', url: '/api/admin/senders?pageSize=1000' }) },
  // The content lists' sender filter, for every member of the organisation.
  { name: 'GET /api/senders', permission: null, request: () => ({ method: 'GET', url: '/api/senders?pageSize=1000' }) },
];

export const publicRoutes: Req[] = [];
