import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { invitationAnswerParamsSchema, invitationAnswerQuerySchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations, roles, userRoles, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { sha256 } from '../../lib/crypto';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { errorResponses, SIGNED_IN, zod } from '../shared';
import { INVALID_INVITATION } from './invitation-password';

/**
 * POST /api/invitations/{id}/{type} (type accept | reject): the signed-in invitee answers. Any
 * signed-in user may call it (the invitee has no permission in the inviting organisation yet), but
 * only for an invitation addressed to their own email, and only with the mailed token (?token=…):
 * holding the address is not enough, the link proves the mailbox (issue 10, item 2). Another
 * person's invitation, an unknown id, a missing or a wrong token all answer the same 404.
 *
 * Accepting follows POST /api/email/{id}/accept: a user belongs to one organisation, so an
 * invitation into another organisation than the caller's is refused (409) and stays pending; in
 * their own organisation, the invited role is added. Rejecting marks it rejected, wherever it comes
 * from. Either way the invitation must be pending and unexpired (400 otherwise): single use.
 */
export function invitationAnswerRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/invitations/:id/:type',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['invitations'],
        summary: 'Accept or reject an invitation (signed in)',
        params: invitationAnswerParamsSchema,
        querystring: invitationAnswerQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const { id, type } = request.params;
      await ctx.db.transaction(async (tx) => {
        const [user] = await tx.select({ email: users.email, organisationId: users.organisationId }).from(users).where(eq(users.id, userId)).limit(1);
        const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, id)).limit(1);
        const { token } = request.query;
        if (!user || !invitation || invitation.email !== user.email || !token || invitation.tokenHash !== sha256(token)) {
          throw notFound('Invitation not found');
        }
        if (invitation.status !== 'pending' || invitation.expiresAt.getTime() <= Date.now()) {
          throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
        }
        if (type === 'accept' && user.organisationId !== invitation.organisationId) {
          throw conflict('This account already belongs to another organisation');
        }
        const [answered] = await tx
          .update(invitations)
          .set({ status: type === 'accept' ? 'accepted' : 'rejected' })
          .where(and(eq(invitations.id, id), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
          .returning({ roleId: invitations.roleId });
        if (!answered) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
        if (type === 'accept' && answered.roleId) {
          const [role] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(eq(roles.id, answered.roleId), eq(roles.organisationId, invitation.organisationId)))
            .limit(1);
          if (role) await tx.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
        }
      });
      return { message: type === 'accept' ? 'Invitation accepted' : 'Invitation rejected' };
    },
  );
}
