import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * People-data attributes. /settings/people-data asks no permission: any
 * signed-in member, inside the website of the Activewebsite header (permission null, website true).
 */
async function attributeOf(t: TestApp, u: TestUser): Promise<string> {
  const { attributes } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(attributes)
    .values({ websiteId: u.websiteId, name: `attr_${randomId().slice(0, 8)}`, type: 'string' })
    .returning({ id: attributes.id });
  return row.id;
}
const name = () => `plan_${randomId().slice(0, 8)}`;

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/attributes', permission: null, request: () => ({ method: 'GET', url: '/api/attributes' }) },
  {
    name: 'POST /api/attributes',
    permission: 'create_attributes',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/attributes', payload: { name: name(), type: 'number' } }),
  },
  {
    name: 'PUT /api/attributes/:id',
    permission: 'update_attributes',
    request: async (u, t) => ({ method: 'PUT', url: `/api/attributes/${await attributeOf(t, u)}`, payload: { name: name(), type: 'boolean' } }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/attributes/${await attributeOf(t, owner)}`, payload: { name: name(), type: 'date' } }),
  },
  {
    name: 'DELETE /api/attributes/:id',
    permission: 'delete_attributes',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/attributes/${await attributeOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/attributes/${await attributeOf(t, owner)}` }),
  },
];

export const publicRoutes: Req[] = [];
