import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { tagListQuerySchema, tagPageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { tags } from '../../db/schema';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';
import { activeWebsiteOf, WEBSITE_CONTENT_ACCESS } from './website-content';

export const tagView = (t: typeof tags.$inferSelect) => ({ _id: t.id, name: t.name, color: t.color, createdAt: t.createdAt.toISOString() });

/** GET /api/tags (spec: `?pageSize=1000`): the active website's tags, newest first. */
export function tagListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/tags',
    {
      config: WEBSITE_CONTENT_ACCESS,
      schema: {
        tags: ['tags'],
        summary: 'List the active website’s tags',
        querystring: tagListQuerySchema,
        response: { 200: tagPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const q = request.query;
      const where = and(eq(tags.websiteId, website.id), q.name ? ilike(tags.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(tags).where(where).orderBy(dir(tags.createdAt), dir(tags.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(tags)
          .where(where),
      ]);
      return paged(rows.map(tagView), total, q);
    },
  );
}
