import { randomId, type TestApp } from '../support/test-app';
import { PROBE_URL } from '../support/probe';
import type { ProtectedRoute, Req } from './types';

/** Sign-in, session, profile, roles and websites lists, the admin list, adding a teammate. */
export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/users/me', permission: null, request: () => ({ method: 'GET', url: '/api/users/me' }) },
  {
    name: 'PUT /api/users/profile-update',
    permission: null,
    request: (u) => ({ method: 'PUT', url: '/api/users/profile-update', payload: { name: 'Renamed', email: u.email } }),
  },
  {
    name: 'PUT /api/users/profile-password-update',
    permission: null,
    request: (u) => ({
      method: 'PUT',
      url: '/api/users/profile-password-update',
      payload: { currentPassword: u.password, password: 'A-new-password-1', confirmPassword: 'A-new-password-1' },
    }),
  },
  { name: 'GET /api/roles', permission: 'get_role', request: () => ({ method: 'GET', url: '/api/roles' }) },
  {
    name: 'GET /api/roles/:id',
    permission: 'get_role',
    request: async (u, t) => ({ method: 'GET', url: `/api/roles/${await someRoleOf(t, u.organisationId)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/roles/${await someRoleOf(t, owner.organisationId)}` }),
  },
  { name: 'GET /api/websites', permission: 'get_websites', request: () => ({ method: 'GET', url: '/api/websites' }) },
  {
    name: 'POST /api/users/org',
    permission: 'create_user',
    okStatus: 201,
    request: async (u, t) => ({
      method: 'POST',
      url: '/api/users/org',
      payload: { name: 'Teammate', email: `mate-${randomId()}@example.test`, password: 'Teammate-pass-1', roles: [await someRoleOf(t, u.organisationId)] },
    }),
    // Adding a teammate with a role above the caller (an Owner role).
    grantBeyondCaller: {
      request: async (u, t) => ({
        method: 'POST',
        url: '/api/users/org',
        payload: { name: 'Teammate', email: `mate-${randomId()}@example.test`, password: 'Teammate-pass-1', roles: [await ownerRoleOf(t, u.organisationId)] },
      }),
      stored: (_u, t, req) => accountExists(t, (req.payload as { email: string }).email),
    },
  },
  { name: 'GET /api/admin/users', permission: 'admin', request: () => ({ method: 'GET', url: '/api/admin/users' }) },
  { name: `GET ${PROBE_URL} (website)`, permission: 'get_websites', request: () => ({ method: 'GET', url: PROBE_URL }) },
];

export async function someRoleOf(t: TestApp, organisationId: string): Promise<string> {
  const { roles } = await import('../../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [role] = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.organisationId, organisationId)).limit(1);
  return role.id;
}

/** A new role of the organisation holding every permission (what an Owner holds). */
export async function ownerRoleOf(t: TestApp, organisationId: string): Promise<string> {
  const { roles } = await import('../../src/db/schema');
  const { ALL_PERMISSIONS } = await import('contracts');
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ organisationId, name: `Owner ${randomId()}`, permissions: ALL_PERMISSIONS })
    .returning({ id: roles.id });
  return role.id;
}

async function accountExists(t: TestApp, email: string): Promise<boolean> {
  const { users } = await import('../../src/db/schema');
  const { eq } = await import('drizzle-orm');
  return (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;
}

export const publicRoutes: Req[] = [
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/api/auth/identity-provider/config' },
  { method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'x' } },
  { method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: 'nope' } },
  // Sign-out needs only the refresh token (the access token may have expired).
  { method: 'POST', url: '/api/auth/logout', payload: { refresh_token: 'nope' } },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.test' } },
  { method: 'PUT', url: '/api/auth/reset-password', payload: { token: 'x', password: 'Abcdefgh-1', confirmPassword: 'Abcdefgh-1' } },
  { method: 'POST', url: '/api/auth/identity-provider', payload: { access_token: 'x' } },
  { method: 'PATCH', url: '/api/user/invitations/password?token=x', payload: { password: 'Abcdefgh-1', confirmPassword: 'Abcdefgh-1' } },
  { method: 'POST', url: `/api/email/${randomId()}/accept?token=x` },
  // The link confirming a new e-mail (the token proves the mailbox).
  { method: 'POST', url: '/api/users/email-confirm', payload: { token: 'x' } },
];

/** Public routes that are documented but take no part in the matrix. */
export const documentedPublic = ['GET /api/health'];
