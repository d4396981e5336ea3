import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * People of the active website: a person (a client member) of another organisation's website
 * answers 404 exactly like a missing one.
 */
async function personOf(t: TestApp, u: Pick<TestUser, 'websiteId'>): Promise<string> {
  const { clientMembers } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(clientMembers)
    .values({ websiteId: u.websiteId, memberId: `p-${randomId()}`, username: 'Someone', email: `p-${randomId()}@example.test` })
    .returning({ id: clientMembers.id });
  return row.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/people', permission: 'get_people', request: () => ({ method: 'GET', url: '/api/people?search=p-&sort=name' }) },
  {
    name: 'GET /api/people/:personId',
    permission: 'get_people',
    request: async (u, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, owner)}` }),
  },
  {
    name: 'GET /api/people/:personId/timeline',
    permission: 'get_people',
    request: async (u, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, u)}/timeline` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, owner)}/timeline` }),
  },
  {
    name: 'POST /api/people/:personId/preview',
    permission: 'get_people',
    request: async (u, t) => ({ method: 'POST', url: `/api/people/${await personOf(t, u)}/preview`, payload: { url: 'https://www.example.com/' } }),
    otherOrganisation: async (owner, t) => ({
      method: 'POST',
      url: `/api/people/${await personOf(t, owner)}/preview`,
      payload: { url: 'https://www.example.com/' },
    }),
  },
  {
    name: 'GET /api/people/:personId/export',
    permission: 'get_people',
    request: async (u, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, u)}/export` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/people/${await personOf(t, owner)}/export` }),
  },
  {
    name: 'DELETE /api/people/:personId',
    permission: 'delete_people',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/people/${await personOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/people/${await personOf(t, owner)}` }),
  },
  { name: 'GET /api/people-settings', permission: 'get_people', request: () => ({ method: 'GET', url: '/api/people-settings' }) },
  {
    name: 'PUT /api/people-settings',
    permission: 'delete_people',
    request: () => ({ method: 'PUT', url: '/api/people-settings', payload: { anonymousRetentionDays: 30 } }),
  },
];

export const publicRoutes: Req[] = [];
