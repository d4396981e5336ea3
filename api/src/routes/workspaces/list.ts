import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { workspaceListQuerySchema, workspacePageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { workspaces } from '../../db/schema';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, zod } from '../shared';
import { activeWebsiteOf, WEBSITE_CONTENT_ACCESS } from '../tags/website-content';

export const workspaceView = (w: typeof workspaces.$inferSelect) => ({
  _id: w.id,
  name: w.name,
  icon: w.icon,
  service: w.service,
  createdAt: w.createdAt.toISOString(),
});

/** GET /api/workspaces (spec: page 1, pageSize 100, service, order): the active website's workspaces. */
export function workspaceListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/workspaces',
    {
      config: WEBSITE_CONTENT_ACCESS,
      schema: {
        tags: ['workspaces'],
        summary: 'List the active website’s workspaces',
        querystring: workspaceListQuerySchema,
        response: { 200: workspacePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const q = request.query;
      const where = and(eq(workspaces.websiteId, website.id), q.service ? eq(workspaces.service, q.service) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(workspaces).where(where).orderBy(dir(workspaces.createdAt), dir(workspaces.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(workspaces)
          .where(where),
      ]);
      return paged(rows.map(workspaceView), total, q);
    },
  );
}
