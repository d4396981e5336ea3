import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * Dynamic audiences and segments. POST /api/clients needs get_members (the
 * "members (get)" permission); segments back /settings/audiences, which asks no permission:
 * any signed-in member (permission null), inside the website of the Activewebsite header.
 */
export async function segmentOf(t: TestApp, u: Pick<TestUser, 'websiteId'>, name = `Segment ${randomId()}`): Promise<string> {
  const { segments } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(segments)
    .values({ websiteId: u.websiteId, name, audience: { operator: 'and', predicates: [] } })
    .returning({ id: segments.id });
  return row.id;
}

const audience = { operator: 'or', predicates: [{ attribute: 'state', comparison: 'is', selectedValue: 'active' }] };

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'POST /api/clients', permission: 'get_members', request: () => ({ method: 'POST', url: '/api/clients?page=1&pageSize=10', payload: audience }) },
  { name: 'GET /api/segment', permission: null, request: () => ({ method: 'GET', url: '/api/segment' }) },
  {
    name: 'POST /api/segment',
    permission: 'create_segment',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/segment', payload: { name: `Segment ${randomId()}`, audience } }),
  },
  {
    name: 'PUT /api/segment',
    permission: 'update_segment',
    request: async (u, t) => ({ method: 'PUT', url: '/api/segment', payload: { _id: await segmentOf(t, u), name: `Segment ${randomId()}`, audience } }),
    otherOrganisation: async (owner, t) => ({
      method: 'PUT',
      url: '/api/segment',
      payload: { _id: await segmentOf(t, owner), name: `Segment ${randomId()}`, audience },
    }),
  },
  {
    name: 'DELETE /api/segment/:id',
    permission: 'delete_segment',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/segment/${await segmentOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/segment/${await segmentOf(t, owner)}` }),
  },
];

export const publicRoutes: Req[] = [];
