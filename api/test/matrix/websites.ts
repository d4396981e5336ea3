import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** Adding and deleting websites (listing is in auth.ts). */

/** A second website of the user's organisation, so deleting it never hits the "last website" rule. */
async function extraWebsiteOf(t: TestApp, u: TestUser): Promise<string> {
  const { websites } = await import('../../src/db/schema');
  const [site] = await t.ctx.db
    .insert(websites)
    .values({ organisationId: u.organisationId, name: 'Extra', domain: `extra-${randomId()}.example.test` })
    .returning({ id: websites.id });
  return site.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/websites',
    permission: 'create_websites',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/websites', payload: { name: 'Shop', domain: `shop-${randomId()}.example.test` } }),
  },
  {
    name: 'DELETE /api/websites',
    // Deleting a website deletes its content: its own permission, delete_websites.
    permission: 'delete_websites',
    request: async (u, t) => ({ method: 'DELETE', url: '/api/websites', payload: { websites: [await extraWebsiteOf(t, u)] } }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: '/api/websites', payload: { websites: [await extraWebsiteOf(t, owner)] } }),
  },
];

export const publicRoutes: Req[] = [];
