import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { WEBSITE_EXISTS_MESSAGE, websiteCreateBodySchema, websiteCreateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { websites } from '../../db/schema';
import { caller } from '../../plugins/access';
import { conflict } from '../../lib/errors';
import { errorResponses, isUniqueViolation, zod } from '../shared';

/** Spec section 8: "Website create with HTTP 409: 'Website already exists'", shown on the domain field. */
const websiteExists = () => conflict(WEBSITE_EXISTS_MESSAGE, { domain: WEBSITE_EXISTS_MESSAGE });

/**
 * POST /api/websites (create_websites): adds a website to the caller's organisation. The domain is
 * normalised by the contract (lower-case, no scheme, no path), so "https://Shop.example.com/x" and
 * "shop.example.com" are one website; the unique index (organisation_id, domain) settles races.
 */
export function websiteCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/websites',
    {
      config: { auth: true, permission: 'create_websites', website: false },
      schema: {
        tags: ['websites'],
        summary: 'Add a website',
        body: websiteCreateBodySchema,
        response: { 201: websiteCreateResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { organisationId } = caller(request);
      const { name, domain } = request.body;
      const [taken] = await ctx.db
        .select({ id: websites.id })
        .from(websites)
        .where(and(eq(websites.organisationId, organisationId), eq(websites.domain, domain)))
        .limit(1);
      if (taken) throw websiteExists();
      try {
        const [site] = await ctx.db.insert(websites).values({ organisationId, name, domain }).returning();
        return reply.code(201).send({
          message: 'Website created successfully',
          data: { _id: site.id, name: site.name, domain: site.domain, createdAt: site.createdAt.toISOString() },
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw websiteExists();
        throw err;
      }
    },
  );
}
