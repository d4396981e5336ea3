import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { invitationIdParamSchema, messageSchema, tokenQuerySchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations, roles, userRoles, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { errorResponses, PUBLIC, zod } from '../shared';
import { INVALID_INVITATION } from './invitation-password';

/**
 * POST /api/email/{id}/accept?token=…: an existing user accepts invitation {id} with the token
 * mailed to them (holding the token proves the mailbox). The invited role is added to the account.
 * A user belongs to one organisation, so an invitation into another organisation is refused (409).
 */
export function emailAcceptRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/email/:id/accept',
    {
      config: PUBLIC,
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation as an existing user',
        params: invitationIdParamSchema,
        querystring: tokenQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ctx.db.transaction(async (tx) => {
        const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, id)).limit(1);
        if (!invitation) throw notFound('Invitation not found');
        if (invitation.tokenHash !== sha256(request.query.token) || invitation.status !== 'pending' || invitation.expiresAt.getTime() <= Date.now()) {
          throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
        }
        const [user] = await tx.select({ id: users.id, organisationId: users.organisationId }).from(users).where(eq(users.email, invitation.email)).limit(1);
        if (!user) throw notFound('No account uses this email yet: choose a password from the invitation link');
        if (user.organisationId !== invitation.organisationId) {
          throw conflict('This account already belongs to another organisation');
        }
        const [accepted] = await tx
          .update(invitations)
          .set({ status: 'accepted' })
          .where(and(eq(invitations.id, id), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
          .returning({ roleId: invitations.roleId });
        if (!accepted) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
        if (accepted.roleId) {
          const [role] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(eq(roles.id, accepted.roleId), eq(roles.organisationId, invitation.organisationId)))
            .limit(1);
          if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id }).onConflictDoNothing();
        }
      });
      return { message: 'Invitation accepted' };
    },
  );
}
