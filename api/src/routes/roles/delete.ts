import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { idParamSchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles, userRoles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { permissionsBeyondCaller, roleAboveCaller } from '../../services/grants';
import { errorResponses, zod } from '../shared';

/**
 * DELETE /api/roles/{id} (delete_role). A role still held by users is refused with 409: deleting
 * it would silently strip those users of access (and could leave the organisation without an
 * owner). Remove it from them first. Another organisation's role answers 404 like a missing one.
 * A role holding a permission the caller lacks (an Owner role) is not theirs to delete (403), as it
 * is not theirs to update (services/grants.ts).
 */
export function roleDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/roles/:id',
    {
      config: { auth: true, permission: 'delete_role', website: false },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role no user holds',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { organisationId } = auth;
      const { id } = request.params;
      return ctx.db.transaction(async (tx) => {
        // Locks the role so a concurrent assignment cannot slip in between the count and the delete.
        const [role] = await tx
          .select({ id: roles.id, permissions: roles.permissions })
          .from(roles)
          .where(and(eq(roles.id, id), eq(roles.organisationId, organisationId)))
          .for('update')
          .limit(1);
        if (!role) throw notFound('Role not found');
        const above = permissionsBeyondCaller(auth, role.permissions);
        if (above.length > 0) throw forbidden(roleAboveCaller(above));
        const [{ holders }] = await tx
          .select({ holders: sql<number>`count(*)::int` })
          .from(userRoles)
          .where(eq(userRoles.roleId, id));
        if (holders > 0) {
          throw conflict(
            holders === 1
              ? 'This role is still held by 1 user. Remove it from that user before deleting it.'
              : `This role is still held by ${holders} users. Remove it from them before deleting it.`,
          );
        }
        await tx.delete(roles).where(eq(roles.id, id));
        return { message: 'Role deleted successfully' };
      });
    },
  );
}
