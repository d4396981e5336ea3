import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { rolePageSchema, roleListQuerySchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';

export const roleView = (r: typeof roles.$inferSelect) => ({
  _id: r.id,
  name: r.name,
  permissions: r.permissions,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/roles: the caller's organisation's roles, newest first (index roles_organisation_created_idx). */
export function roleListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/roles',
    {
      config: { auth: true, permission: 'get_role', website: false },
      schema: {
        tags: ['roles'],
        summary: 'List roles',
        querystring: roleListQuerySchema,
        response: { 200: rolePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const q = request.query;
      const where = and(eq(roles.organisationId, organisationId), q.name ? ilike(roles.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(roles).where(where).orderBy(dir(roles.createdAt), dir(roles.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(roles)
          .where(where),
      ]);
      return paged(rows.map(roleView), total, q);
    },
  );
}
