import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { clientSearchPageSchema, clientSearchQuerySchema, dynamicAudienceSchema } from 'contracts';
import type { AppContext } from '../../context';
import { clientMembers } from '../../db/schema';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';
import { memberOrder, memberView, websiteOf } from '../groups/shared';
import { attributeTypesOf } from './attribute-types';
import { compileAudience } from './compile';

/**
 * POST /api/clients (get_members, spec section 7: "body is the dynamic audience; query paging and
 * name"): the client members of the ACTIVE website the tree selects, newest first, as the
 * Clients/reports table shows them. The tree becomes one SQL condition (compile.ts); the database
 * filters, counts and pages. `name` narrows to member ids or usernames containing it.
 */
export function clientSearchRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/clients',
    {
      config: { auth: true, permission: 'get_members', website: true },
      schema: {
        tags: ['audiences'],
        summary: 'The active website’s client members a dynamic audience selects',
        querystring: clientSearchQuerySchema,
        body: dynamicAudienceSchema,
        response: { 200: clientSearchPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const q = request.query;
      const audience = compileAudience(request.body, await attributeTypesOf(ctx.db, website.id));
      const term = q.name ? likePattern(q.name) : null;
      const where = and(
        eq(clientMembers.websiteId, website.id),
        audience,
        term ? or(ilike(clientMembers.memberId, term), ilike(clientMembers.username, term)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const order = q.order === 'asc' ? [asc(clientMembers.createdAt), asc(clientMembers.memberId)] : memberOrder;
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select()
          .from(clientMembers)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(clientMembers)
          .where(where),
      ]);
      return paged(rows.map(memberView), total, q);
    },
  );
}
