import { randomId, type TestApp } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** Issue 4, item 2: creating, updating and deleting roles (the list and one role are in auth.ts). */

/** A fresh role of the organisation that nobody holds, so every caller can update or delete it. */
async function freeRoleOf(t: TestApp, organisationId: string): Promise<string> {
  const { roles } = await import('../../src/db/schema');
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ organisationId, name: `Matrix ${randomId()}`, permissions: ['get_posts'] })
    .returning({ id: roles.id });
  return role.id;
}

const body = () => ({ name: `Role ${randomId()}`, permissions: ['get_posts', 'duplication_checklist'] });

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/roles',
    permission: 'create_role',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/roles', payload: body() }),
  },
  {
    name: 'PUT /api/roles/:id',
    permission: 'update_role',
    request: async (u, t) => ({ method: 'PUT', url: `/api/roles/${await freeRoleOf(t, u.organisationId)}`, payload: body() }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/roles/${await freeRoleOf(t, owner.organisationId)}`, payload: body() }),
  },
  {
    name: 'DELETE /api/roles/:id',
    permission: 'delete_role',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/roles/${await freeRoleOf(t, u.organisationId)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/roles/${await freeRoleOf(t, owner.organisationId)}` }),
  },
];

export const publicRoutes: Req[] = [];
