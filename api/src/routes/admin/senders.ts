import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { pageQuerySchema, senderPageSchema, type Permission } from 'contracts';
import type { AppContext } from '../../context';
import { roles, userRoles, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, zod } from '../shared';

/** Creating any kind of content makes a user a possible sender of it. */
const AUTHORING: Permission[] = ['create_posts', 'create_banners', 'create_tour', 'create_email', 'create_pushNotification', 'create_checklist'];

/**
 * The users of the caller's organisation who can author content (a role holding a create
 * permission of a content kind), for the sender filters of the content lists. Newest first;
 * `{ docs: [{ _id, name, email }], meta }`. Served twice: GET /api/admin/senders?pageSize=1000 as
 * the spec lists it (super-admin, `/api/admin/*`), and GET /api/senders for every member of the
 * organisation, whose content lists filter by sender too (issue 10, item 3: the admin path
 * answered 403 on every list load of a member who is not super-admin).
 */
export function adminSendersRoute(app: FastifyInstance, ctx: AppContext) {
  sendersAt(app, ctx, '/api/admin/senders', 'admin');
  sendersAt(app, ctx, '/api/senders', 'users');
}

function sendersAt(app: FastifyInstance, ctx: AppContext, path: string, tag: string) {
  zod(app).get(
    path,
    {
      config: { auth: true, permission: null, website: false },
      schema: {
        tags: [tag],
        summary: "List the users of the caller's organisation who can author content",
        querystring: pageQuerySchema,
        response: { 200: senderPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const q = request.query;
      const authoring = sql`exists (
        select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id} and ${roles.organisationId} = ${users.organisationId}
          and ${roles.permissions} && ${sql.raw(`array[${AUTHORING.map((p) => `'${p}'`).join(',')}]::text[]`)}
      )`;
      const where = and(eq(users.organisationId, organisationId), authoring);
      const { limit, offset } = pageWindow(q);
      const order = q.order === 'asc' ? [users.createdAt, users.id] : [desc(users.createdAt), desc(users.id)];
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select({ _id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return paged(rows, total, q);
    },
  );
}
