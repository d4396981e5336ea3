import type { FastifyInstance } from 'fastify';
import { and, desc, asc, eq, ilike, sql } from 'drizzle-orm';
import { invitationListQuerySchema, invitationPageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { invitations, roles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';
import { invitationColumns, invitationView } from './view';

/** GET /api/invitations/sent (get_invitations): the organisation's invitations, newest first; `search` in the email. */
export function invitationListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/invitations/sent',
    {
      config: { auth: true, permission: 'get_invitations', website: false },
      schema: {
        tags: ['invitations'],
        summary: 'List sent invitations',
        querystring: invitationListQuerySchema,
        response: { 200: invitationPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const q = request.query;
      const where = and(eq(invitations.organisationId, organisationId), q.search ? ilike(invitations.email, likePattern(q.search)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select(invitationColumns)
          .from(invitations)
          .leftJoin(roles, eq(roles.id, invitations.roleId))
          .where(where)
          .orderBy(dir(invitations.createdAt), dir(invitations.id))
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(invitations)
          .where(where),
      ]);
      const now = Date.now();
      return paged(
        rows.map((r) => invitationView(r, now)),
        total,
        q,
      );
    },
  );
}
