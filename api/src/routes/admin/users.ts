import type { FastifyInstance } from 'fastify';
import { asc, desc, ilike, sql } from 'drizzle-orm';
import { adminUserListQuerySchema, adminUserPageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { paged, pageWindow } from '../../lib/paging';
import { loadUserViews } from '../../services/users';
import { errorResponses, likePattern, zod } from '../shared';

/**
 * GET /api/admin/users: every client account of every organisation, for the super-admin only (the
 * access hook reserves `/api/admin/*`). Search by name, newest first.
 */
export function adminUserListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/admin/users',
    {
      config: { auth: true, permission: null, website: false },
      schema: {
        tags: ['admin'],
        summary: 'List all users (super-admin)',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const where = q.name ? ilike(users.name, likePattern(q.name)) : undefined;
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select({ id: users.id }).from(users).where(where).orderBy(dir(users.createdAt), dir(users.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return paged(
        await loadUserViews(
          ctx.db,
          rows.map((r) => r.id),
        ),
        total,
        q,
      );
    },
  );
}
