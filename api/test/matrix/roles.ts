import type { Permission } from 'contracts';
import { randomId, type TestApp } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** Creating, updating and deleting roles (the list and one role are in auth.ts). */

/** A fresh role of the organisation that nobody holds, so every caller can update or delete it. */
async function freeRoleOf(t: TestApp, organisationId: string, permissions: Permission[] = ['get_posts']): Promise<string> {
  const { roles } = await import('../../src/db/schema');
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ organisationId, name: `Matrix ${randomId()}`, permissions })
    .returning({ id: roles.id });
  return role.id;
}

/** A role may only hold what its author holds, so the body grants the route's own permission. */
const body = (permissions: Permission[]) => ({ name: `Role ${randomId()}`, permissions });
/** What a caller holding only the route's permission tries to give away: a permission it lacks. */
const beyond = (own: Permission) => body([own, 'delete_user']);

async function roleNamed(t: TestApp, organisationId: string, name: string): Promise<boolean> {
  const { roles } = await import('../../src/db/schema');
  const { and, eq } = await import('drizzle-orm');
  const rows = await t.ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organisationId, organisationId), eq(roles.name, name)));
  return rows.length > 0;
}

const nameOf = (req: Req) => (req.payload as { name: string }).name;

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/roles',
    permission: 'create_role',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/roles', payload: body(['create_role']) }),
    grantBeyondCaller: {
      request: () => ({ method: 'POST', url: '/api/roles', payload: beyond('create_role') }),
      stored: (u, t, req) => roleNamed(t, u.organisationId, nameOf(req)),
    },
  },
  {
    name: 'PUT /api/roles/:id',
    permission: 'update_role',
    request: async (u, t) => ({ method: 'PUT', url: `/api/roles/${await freeRoleOf(t, u.organisationId, ['update_role'])}`, payload: body(['update_role']) }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/roles/${await freeRoleOf(t, owner.organisationId)}`, payload: body(['update_role']) }),
    grantBeyondCaller: {
      request: async (u, t) => ({ method: 'PUT', url: `/api/roles/${await freeRoleOf(t, u.organisationId, ['update_role'])}`, payload: beyond('update_role') }),
      stored: (u, t, req) => roleNamed(t, u.organisationId, nameOf(req)),
    },
  },
  {
    name: 'DELETE /api/roles/:id',
    permission: 'delete_role',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/roles/${await freeRoleOf(t, u.organisationId, ['delete_role'])}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/roles/${await freeRoleOf(t, owner.organisationId)}` }),
  },
];

export const publicRoutes: Req[] = [];
