import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { INVITATION_MEMBER_MESSAGE, INVITATION_SENT_MESSAGE, INVITATION_TTL_DAYS, invitationCreateBodySchema, invitationCreateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations, organisations, roles, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { randomToken, sha256 } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { invitationMail } from '../../mail/templates';
import { assertCanGrantRoles } from '../../services/grants';
import { errorResponses, zod } from '../shared';
import { invitationView } from './view';
import { languageOf } from '../../i18n/messages';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

/**
 * POST /api/invitations (create_invitations): invites `email` into the caller's organisation with
 * `roleId` (a role of that organisation, else 400 on roleId). A member of the organisation already →
 * 409 on email. A role holding a permission the caller lacks → 403 (services/grants.ts). A pending invitation to the same address is replaced (deleted: its link stops
 * working) so there is never more than one live link per address and organisation; the
 * organisation row is locked meanwhile, so two concurrent invitations cannot both stay pending.
 *
 * The mail carries a single-use link that expires after INVITATION_TTL_DAYS days:
 *   no account yet      → `${PUBLIC_APP_URL}/confirm?token=…&email=…` (PATCH /api/user/invitations/password)
 *   an existing account → `${PUBLIC_APP_URL}/workspace/invitations/{id}?token=…` (POST /api/email/{id}/accept)
 * An address whose account belongs to another organisation is still sent the mail (answering
 * differently would tell the inviter that this address has an account elsewhere); accepting then
 * answers 409, as a user belongs to one organisation.
 */
export function invitationCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/invitations',
    {
      config: { auth: true, permission: 'create_invitations', website: false },
      schema: {
        tags: ['invitations'],
        summary: 'Invite someone into the organisation',
        body: invitationCreateBodySchema,
        response: { 201: invitationCreateResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { organisationId, userId } = auth;
      const { email, roleId } = request.body;
      const token = randomToken();
      const result = await ctx.db.transaction(async (tx) => {
        const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
        const [role] = await tx
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .where(and(eq(roles.id, roleId), eq(roles.organisationId, organisationId)))
          .limit(1);
        if (!role) throw badRequest('Unknown role', { roleId: 'Unknown role' });
        // Inviting with a role above the caller (their own second address included) grants nothing.
        await assertCanGrantRoles(tx, auth, organisationId, [role.id]);
        const [account] = await tx.select({ organisationId: users.organisationId }).from(users).where(eq(users.email, email)).limit(1);
        if (account?.organisationId === organisationId) throw conflict(INVITATION_MEMBER_MESSAGE, { email: INVITATION_MEMBER_MESSAGE });
        await tx
          .delete(invitations)
          .where(and(eq(invitations.organisationId, organisationId), eq(invitations.email, email), eq(invitations.status, 'pending')));
        const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
        const [row] = await tx
          .insert(invitations)
          .values({ organisationId, email, roleId: role.id, tokenHash: sha256(token), invitedBy: userId, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) })
          .returning();
        return { row, role, organisation: org.name, inviter: inviter?.name ?? org.name, hasAccount: Boolean(account) };
      });
      const { row, role } = result;
      const base = ctx.config.publicAppUrl;
      const link = result.hasAccount
        ? `${base}/workspace/invitations/${row.id}?token=${encodeURIComponent(token)}`
        : `${base}/confirm?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
      ctx.mailer.send(
        invitationMail(
          email,
          {
            organisation: result.organisation,
            inviter: result.inviter,
            role: role.name,
            link,
            expiresAt: row.expiresAt,
            hasAccount: result.hasAccount,
          },
          // The invitee has no language known to us yet: the inviter's, who likely shares it.
          languageOf(request.headers['accept-language']),
        ),
      );
      return reply.code(201).send({
        message: INVITATION_SENT_MESSAGE,
        data: invitationView({ ...row, roleId: role.id, roleName: role.name }),
      });
    },
  );
}
