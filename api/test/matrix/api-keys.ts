import { randomUUID } from 'node:crypto';
import type { Permission } from 'contracts';
import type { TestApp, TestUser } from '../support/test-app';
import type { ProtectedRoute } from './types';

/** API keys of the active website: each call its own permission; a key gets only what its maker holds. */
async function keyOf(t: TestApp, u: TestUser, permissions: Permission[] = ['get_people']): Promise<string> {
  const { apiKeysStore } = await import('../../src/stores/api-keys');
  const { row } = await apiKeysStore(t.ctx.db, u.websiteId).insert({ name: 'Matrix key', permissions, createdBy: u.id });
  return row.id;
}

async function keyNamed(t: TestApp, websiteId: string, name: string): Promise<boolean> {
  const { apiKeysStore } = await import('../../src/stores/api-keys');
  return (await apiKeysStore(t.ctx.db, websiteId).list()).some((k) => k.name === name);
}

async function successorOf(t: TestApp, websiteId: string, id: string): Promise<boolean> {
  const { apiKeysStore } = await import('../../src/stores/api-keys');
  return Boolean((await apiKeysStore(t.ctx.db, websiteId).get(id))?.replacedBy);
}

const beyondName = () => `Beyond ${randomUUID()}`;

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/api-keys', permission: 'get_apiKeys', request: () => ({ method: 'GET', url: '/api/api-keys' }) },
  {
    name: 'POST /api/api-keys',
    permission: 'create_apiKeys',
    alsoHolds: ['get_people'],
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/api-keys', payload: { name: 'Back office', permissions: ['get_people'] } }),
    grantBeyondCaller: {
      request: () => ({ method: 'POST', url: '/api/api-keys', payload: { name: beyondName(), permissions: ['get_people', 'delete_people'] } }),
      stored: (u, t, req) => keyNamed(t, u.websiteId, (req.payload as { name: string }).name),
    },
  },
  {
    name: 'POST /api/api-keys/:id/rotate',
    permission: 'create_apiKeys',
    alsoHolds: ['get_people'],
    okStatus: 201,
    request: async (u, t) => ({ method: 'POST', url: `/api/api-keys/${await keyOf(t, u)}/rotate`, payload: { overlapMinutes: 5 } }),
    otherOrganisation: async (owner, t) => ({ method: 'POST', url: `/api/api-keys/${await keyOf(t, owner)}/rotate`, payload: {} }),
    grantBeyondCaller: {
      request: async (u, t) => ({ method: 'POST', url: `/api/api-keys/${await keyOf(t, u, ['get_people', 'delete_people'])}/rotate`, payload: {} }),
      stored: (u, t, req) => successorOf(t, u.websiteId, req.url.split('/')[3]),
    },
  },
  {
    name: 'DELETE /api/api-keys/:id',
    permission: 'delete_apiKeys',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/api-keys/${await keyOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/api-keys/${await keyOf(t, owner)}` }),
  },
];

export const publicRoutes = [];
