import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { invitationPasswordBodySchema, messageSchema, tokenQuerySchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations, roles, userRoles, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { errorResponses, isUniqueViolation, PUBLIC, zod } from '../shared';

export const INVALID_INVITATION = 'This invitation link is invalid or has expired';

/**
 * PATCH /api/user/invitations/password?token=…: the invitee of a pending invitation chooses a
 * password. The account is created in the invitation's organisation with the invited role, and the
 * invitation is accepted, all in one transaction. An address that already has an account accepts
 * through POST /api/email/{id}/accept instead.
 */
export function invitationPasswordRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).patch(
    '/api/user/invitations/password',
    {
      config: PUBLIC,
      schema: {
        tags: ['invitations'],
        summary: 'Set the password of an invited account',
        querystring: tokenQuerySchema,
        body: invitationPasswordBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      await ctx.limiter.beginLinkAttempt('invitation', request.ip);
      const tokenHash = sha256(request.query.token);
      // The link is checked before any hashing: a wrong token costs no argon2 work.
      const [live] = await ctx.db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
        .limit(1);
      if (!live) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
      const passwordHash = await hashPassword(request.body.password);
      try {
        await ctx.db.transaction(async (tx) => {
          const now = new Date();
          // Accepting first, conditionally, makes the link single-use even under concurrent calls.
          const [invitation] = await tx
            .update(invitations)
            .set({ status: 'accepted' })
            .where(and(eq(invitations.tokenHash, tokenHash), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
            .returning();
          if (!invitation) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });

          const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
          if (existing) {
            throw conflict('An account already exists for this email: sign in and accept the invitation', {
              email: 'An account already exists for this email',
            });
          }
          const [user] = await tx
            .insert(users)
            .values({
              organisationId: invitation.organisationId,
              name: invitation.email.split('@')[0],
              email: invitation.email,
              passwordHash,
            })
            .returning({ id: users.id });
          if (invitation.roleId) {
            // Only a role of the inviting organisation is ever granted.
            const [role] = await tx
              .select({ id: roles.id })
              .from(roles)
              .where(and(eq(roles.id, invitation.roleId), eq(roles.organisationId, invitation.organisationId)))
              .limit(1);
            if (role) await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw conflict('An account already exists for this email: sign in and accept the invitation', {
            email: 'An account already exists for this email',
          });
        }
        throw err;
      }
      return { message: 'Your password has been set, you can now sign in' };
    },
  );
}
