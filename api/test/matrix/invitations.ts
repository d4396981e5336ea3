import { randomToken, sha256 } from '../../src/lib/crypto';
import { randomId, type TestApp, type TestUser } from '../support/test-app';
import { ownerRoleOf, someRoleOf } from './auth';
import type { ProtectedRoute, Req } from './types';

/** Invitations (the public email-accept and invitation-password routes are in auth.ts). */

/** A pending invitation of `organisationId` to `email`, written straight into the table; its mailed token. */
export async function pendingInvitation(
  t: TestApp,
  organisationId: string,
  email = `invitee-${randomId()}@example.test`,
): Promise<{ id: string; token: string }> {
  const { invitations } = await import('../../src/db/schema');
  const token = randomToken();
  const [row] = await t.ctx.db
    .insert(invitations)
    .values({ organisationId, email, roleId: await someRoleOf(t, organisationId), tokenHash: sha256(token), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: invitations.id });
  return { id: row.id, token };
}

/** Answering needs the mailed token. */
async function answerRequest(t: TestApp, organisationId: string, email: string): Promise<Req> {
  const inv = await pendingInvitation(t, organisationId, email);
  return { method: 'POST', url: `/api/invitations/${inv.id}/reject?token=${encodeURIComponent(inv.token)}` };
}

/** A pending invitation of `organisationId` to `email`, written straight into the table. */
async function invitationOf(t: TestApp, organisationId: string, email = `invitee-${randomId()}@example.test`): Promise<string> {
  const { invitations } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(invitations)
    .values({
      organisationId,
      email,
      roleId: await someRoleOf(t, organisationId),
      tokenHash: sha256(randomToken()),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invitations.id });
  return row.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/invitations',
    permission: 'create_invitations',
    okStatus: 201,
    request: async (u: TestUser, t: TestApp) => ({
      method: 'POST',
      url: '/api/invitations',
      payload: { email: `mate-${randomId()}@example.test`, roleId: await someRoleOf(t, u.organisationId) },
    }),
    // Inviting with a role above the caller (an Owner role).
    grantBeyondCaller: {
      request: async (u, t) => ({
        method: 'POST',
        url: '/api/invitations',
        payload: { email: `mate-${randomId()}@example.test`, roleId: await ownerRoleOf(t, u.organisationId) },
      }),
      stored: async (_u, t, req) => {
        const { invitations } = await import('../../src/db/schema');
        const { eq } = await import('drizzle-orm');
        const email = (req.payload as { email: string }).email;
        return (await t.ctx.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, email))).length > 0;
      },
    },
  },
  { name: 'GET /api/invitations/sent', permission: 'get_invitations', request: () => ({ method: 'GET', url: '/api/invitations/sent' }) },
  {
    name: 'DELETE /api/invitations/:id',
    // No delete_invitations: deleting requires create_invitations (see deleteInvitationCall in contracts/src/invitations.ts).
    permission: 'create_invitations',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/invitations/${await invitationOf(t, u.organisationId)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/invitations/${await invitationOf(t, owner.organisationId)}` }),
  },
  {
    name: 'DELETE /api/invitations',
    permission: 'create_invitations',
    request: async (u, t) => ({ method: 'DELETE', url: '/api/invitations', payload: { invitations: [await invitationOf(t, u.organisationId)] } }),
    otherOrganisation: async (owner, t) => ({
      method: 'DELETE',
      url: '/api/invitations',
      payload: { invitations: [await invitationOf(t, owner.organisationId)] },
    }),
  },
  {
    name: 'POST /api/invitations/:id/:type',
    // Any signed-in invitee, for an invitation to their own email (another one answers 404).
    permission: null,
    request: (u, t) => answerRequest(t, u.organisationId, u.email),
    otherOrganisation: (owner, t) => answerRequest(t, owner.organisationId, owner.email),
  },
];

export const publicRoutes: Req[] = [];
