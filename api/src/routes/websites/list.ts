import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { websiteListQuerySchema, websitePageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { websites } from '../../db/schema';
import { caller } from '../../plugins/access';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';

/** GET /api/websites: the caller's organisation's websites, newest first. */
export function websiteListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/websites',
    {
      config: { auth: true, permission: 'get_websites', website: false },
      schema: {
        tags: ['websites'],
        summary: 'List websites',
        querystring: websiteListQuerySchema,
        response: { 200: websitePageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const q = request.query;
      const where = and(eq(websites.organisationId, organisationId), q.name ? ilike(websites.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(websites).where(where).orderBy(dir(websites.createdAt), dir(websites.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(websites)
          .where(where),
      ]);
      return paged(
        rows.map((w) => ({ _id: w.id, name: w.name, domain: w.domain, publicKey: w.publicKey, createdAt: w.createdAt.toISOString() })),
        total,
        q,
      );
    },
  );
}
