import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { tagCreateBodySchema, tagCreateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { tags } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { errorResponses, isUniqueViolation, zod } from '../shared';
import { tagView } from './list';
import { activeWebsiteOf, websiteWrite } from './website-content';

const tagExists = () => conflict('Tag already exists', { name: 'A tag with this name already exists on this website' });

/** POST /api/tags: a tag of the active website; its name is unique in the website, whatever the case. */
export function tagCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/tags',
    {
      config: websiteWrite('create_tags'),
      schema: {
        tags: ['tags'],
        summary: 'Create a tag on the active website',
        body: tagCreateBodySchema,
        response: { 201: tagCreateResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const website = activeWebsiteOf(request);
      const { name, color } = request.body;
      const [taken] = await ctx.db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.websiteId, website.id), sql`lower(${tags.name}) = lower(${name})`))
        .limit(1);
      if (taken) throw tagExists();
      try {
        const [tag] = await ctx.db.insert(tags).values({ websiteId: website.id, name, color }).returning();
        return reply.code(201).send({ message: 'Tag created successfully', data: tagView(tag) });
      } catch (err) {
        if (isUniqueViolation(err)) throw tagExists();
        throw err;
      }
    },
  );
}
