import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { workspaces } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { errorResponses, zod } from '../shared';
import { activeWebsiteOf, websiteWrite } from '../tags/website-content';

/** DELETE /api/workspaces/{id}: a workspace of another website (or organisation) answers 404. */
export function workspaceDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/workspaces/:id',
    {
      config: websiteWrite('delete_workspaces'),
      schema: {
        tags: ['workspaces'],
        summary: 'Delete a workspace of the active website',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const deleted = await ctx.db
        .delete(workspaces)
        .where(and(eq(workspaces.id, request.params.id), eq(workspaces.websiteId, website.id)))
        .returning({ id: workspaces.id });
      if (deleted.length === 0) throw notFound('Workspace not found');
      return { message: 'Workspace deleted successfully' };
    },
  );
}
