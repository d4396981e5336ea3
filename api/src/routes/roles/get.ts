import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, roleResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { notFound } from '../../lib/errors';
import { errorResponses, zod } from '../shared';
import { roleView } from './list';

/** GET /api/roles/{id}: a role of another organisation answers 404, exactly like a missing one. */
export function roleGetRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/roles/:id',
    {
      config: { auth: true, permission: 'get_role', website: false },
      schema: {
        tags: ['roles'],
        summary: 'One role',
        params: idParamSchema,
        response: { 200: roleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const [role] = await ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.id, request.params.id), eq(roles.organisationId, organisationId)))
        .limit(1);
      if (!role) throw notFound('Role not found');
      return { data: roleView(role) };
    },
  );
}
