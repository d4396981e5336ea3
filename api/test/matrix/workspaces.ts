import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * Workspaces. The permission list names none for them: any signed-in member, inside
 * the website of the Activewebsite header (permission null, website true).
 */
async function workspaceOf(t: TestApp, u: TestUser): Promise<string> {
  const { workspaces } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(workspaces)
    .values({ websiteId: u.websiteId, name: `Space ${randomId()}`, icon: 'folder', service: 'popup' })
    .returning({ id: workspaces.id });
  return row.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/workspaces', permission: null, request: () => ({ method: 'GET', url: '/api/workspaces?page=1&pageSize=100&service=popup&order=desc' }) },
  {
    name: 'POST /api/workspaces',
    permission: 'create_workspaces',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/workspaces', payload: { name: `Space ${randomId()}`, icon: 'star', service: 'banner' } }),
  },
  {
    name: 'DELETE /api/workspaces/:id',
    permission: 'delete_workspaces',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/workspaces/${await workspaceOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/workspaces/${await workspaceOf(t, owner)}` }),
  },
];

export const publicRoutes: Req[] = [];
