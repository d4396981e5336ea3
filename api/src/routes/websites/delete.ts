import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { WEBSITE_DELETED_MESSAGE, messageSchema, websiteDeleteBodySchema } from 'contracts';
import type { AppContext } from '../../context';
import { organisations, websites } from '../../db/schema';
import { caller } from '../../plugins/access';
import { conflict, notFound } from '../../lib/errors';
import { errorResponses, zod } from '../shared';

/**
 * DELETE /api/websites: the spec lists DELETE on the collection (section 7), so the ids travel in
 * the body `{ websites: [ids] }`; one id or many.
 *
 * Permission: spec section 6 knows only `get_websites` and `create_websites` (no `delete_websites`).
 * Deleting a website is managing the organisation's set of websites, the same power as adding one,
 * so it requires `create_websites` (a role that may add websites may also remove them).
 *
 * An id that is not one of the caller's organisation's websites answers 404 (never a hint that it
 * exists elsewhere) and nothing is deleted. The organisation keeps at least one website: every
 * content call needs an active website, so deleting the last one answers 409. The organisation row
 * is locked for the check, so two concurrent deletes cannot remove the last two websites together.
 * A website's content (tags, workspaces…) goes with it (foreign keys cascade).
 */
export function websiteDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/websites',
    {
      config: { auth: true, permission: 'delete_websites', website: false },
      schema: {
        tags: ['websites'],
        summary: 'Delete websites',
        body: websiteDeleteBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { organisationId } = caller(request);
      const ids = [...new Set(request.body.websites)];
      await ctx.db.transaction(async (tx) => {
        await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
        const owned = await tx.select({ id: websites.id }).from(websites).where(eq(websites.organisationId, organisationId));
        const ownedIds = new Set(owned.map((w) => w.id));
        if (!ids.every((id) => ownedIds.has(id))) throw notFound('Website not found');
        if (ids.length >= ownedIds.size) {
          throw conflict('An organisation needs at least one website: add another website before deleting this one');
        }
        await tx.delete(websites).where(and(eq(websites.organisationId, organisationId), inArray(websites.id, ids)));
      });
      return { message: WEBSITE_DELETED_MESSAGE };
    },
  );
}
