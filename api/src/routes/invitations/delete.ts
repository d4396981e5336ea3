import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { INVITATIONS_DELETED_MESSAGE, INVITATION_DELETED_MESSAGE, idParamSchema, invitationDeleteBodySchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations } from '../../db/schema';
import { caller } from '../../plugins/access';
import { notFound } from '../../lib/errors';
import { errorResponses, zod } from '../shared';

/**
 * Permission: spec section 6 knows only `get_invitations` and `create_invitations` (no
 * `delete_invitations`). Withdrawing an invitation is managing who is invited, the same power as
 * sending one, so both deletes require `create_invitations`.
 *
 * Deleting a pending invitation revokes its link (the token hash goes with the row). An id that is
 * not one of the caller's organisation's invitations answers 404, and a bulk delete then deletes
 * nothing.
 */
const ACCESS = { auth: true, permission: 'create_invitations', website: false } as const;

async function deleteOwned(ctx: AppContext, organisationId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(invitations)
      .where(and(eq(invitations.organisationId, organisationId), inArray(invitations.id, unique)))
      .returning({ id: invitations.id });
    // Rolling back keeps "all or nothing" when one id is unknown or of another organisation.
    if (deleted.length !== unique.length) throw notFound('Invitation not found');
  });
}

/** DELETE /api/invitations/{id} (create_invitations, see above). */
export function invitationDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/invitations/:id',
    {
      config: ACCESS,
      schema: {
        tags: ['invitations'],
        summary: 'Delete an invitation',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteOwned(ctx, caller(request).organisationId, [request.params.id]);
      return { message: INVITATION_DELETED_MESSAGE };
    },
  );
}

/** DELETE /api/invitations with `{ invitations: [ids] }` (create_invitations, see above). */
export function invitationBulkDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/invitations',
    {
      config: ACCESS,
      schema: {
        tags: ['invitations'],
        summary: 'Delete invitations',
        body: invitationDeleteBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deleteOwned(ctx, caller(request).organisationId, request.body.invitations);
      return { message: INVITATIONS_DELETED_MESSAGE };
    },
  );
}
