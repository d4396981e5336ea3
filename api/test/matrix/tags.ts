import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * Tags. The permission list names none for them: any signed-in member, inside the
 * website of the Activewebsite header (permission null, website true).
 */
async function tagOf(t: TestApp, u: TestUser): Promise<string> {
  const { tags } = await import('../../src/db/schema');
  const [tag] = await t.ctx.db
    .insert(tags)
    .values({ websiteId: u.websiteId, name: `Tag ${randomId()}`, color: '#1677ff' })
    .returning({ id: tags.id });
  return tag.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/tags', permission: null, request: () => ({ method: 'GET', url: '/api/tags?pageSize=1000' }) },
  {
    name: 'POST /api/tags',
    permission: 'create_tags',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/tags', payload: { name: `Tag ${randomId()}`, color: '#ff0000' } }),
  },
  {
    name: 'DELETE /api/tags/:id',
    permission: 'delete_tags',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/tags/${await tagOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/tags/${await tagOf(t, owner)}` }),
  },
];

export const publicRoutes: Req[] = [];
