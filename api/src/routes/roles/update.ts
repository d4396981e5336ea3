import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, roleBodySchema, roleSavedResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { forbidden, notFound } from '../../lib/errors';
import { assertCanGrant, permissionsBeyondCaller, roleAboveCaller } from '../../services/grants';
import { errorResponses, isUniqueViolation, zod } from '../shared';
import { roleView } from './list';
import { assertNameFree, nameTaken } from './save';

/**
 * PUT /api/roles/{id} (update_role): replaces the role's name and permissions. A role of another
 * organisation answers 404 exactly like a missing one. Holders of the role get the new permissions
 * on their next call (permissions are read per request, not baked into the token). A caller may
 * neither give the role a permission they lack nor change a role holding one (403, services/grants.ts).
 */
export function roleUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).put(
    '/api/roles/:id',
    {
      config: { auth: true, permission: 'update_role', website: false },
      schema: {
        tags: ['roles'],
        summary: 'Update a role',
        params: idParamSchema,
        body: roleBodySchema,
        response: { 200: roleSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { organisationId } = auth;
      const { id } = request.params;
      const { name, permissions } = request.body;
      const own = and(eq(roles.id, id), eq(roles.organisationId, organisationId));
      const [existing] = await ctx.db.select({ id: roles.id, permissions: roles.permissions }).from(roles).where(own).limit(1);
      if (!existing) throw notFound('Role not found');
      // A role above the caller (an Owner role) is not theirs to rename or strip, and what it
      // becomes must not exceed the caller either (this also stops writing into their own role).
      const above = permissionsBeyondCaller(auth, existing.permissions);
      if (above.length > 0) throw forbidden(roleAboveCaller(above));
      assertCanGrant(auth, permissions);
      await assertNameFree(ctx, organisationId, name, id);
      try {
        const [role] = await ctx.db.update(roles).set({ name, permissions }).where(own).returning();
        if (!role) throw notFound('Role not found');
        return { message: 'Role updated successfully', data: roleView(role) };
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  );
}
