import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { idParamSchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { tags } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { errorResponses, zod } from '../shared';
import { activeWebsiteOf, websiteWrite } from './website-content';

/** DELETE /api/tags/{id}: a tag of another website (or organisation) answers 404, like a missing one. */
export function tagDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/tags/:id',
    {
      config: websiteWrite('delete_tags'),
      schema: {
        tags: ['tags'],
        summary: 'Delete a tag of the active website',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const deleted = await ctx.db
        .delete(tags)
        .where(and(eq(tags.id, request.params.id), eq(tags.websiteId, website.id)))
        .returning({ id: tags.id });
      if (deleted.length === 0) throw notFound('Tag not found');
      return { message: 'Tag deleted successfully' };
    },
  );
}
