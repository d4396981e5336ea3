import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import {
  ATTRIBUTE_CREATED_MESSAGE,
  ATTRIBUTE_DELETED_MESSAGE,
  ATTRIBUTE_EXISTS_MESSAGE,
  ATTRIBUTE_UPDATED_MESSAGE,
  attributeBodySchema,
  attributeListQuerySchema,
  attributePageSchema,
  attributeSavedResponseSchema,
  idParamSchema,
  messageSchema,
} from 'contracts';
import type { AppContext } from '../../context';
import type { RouteAccess } from '../../plugins/access';
import { attributes, segments } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, isUniqueViolation, likePattern, zod } from '../shared';
import { activeWebsiteOf } from '../../plugins/access';

/**
 * People-data attributes (/settings/people-data). Spec section 2 gives that screen no permission and
 * section 6 names no attribute resource, so any signed-in member may use these calls (permission
 * null), always inside the website of the `Activewebsite` header (website true): an attribute is
 * what that website's script sends about each person. An attribute of another website answers 404.
 */
const ATTRIBUTE_ACCESS: RouteAccess = { auth: true, permission: null, website: true };

const attributeExists = () => conflict(ATTRIBUTE_EXISTS_MESSAGE, { name: ATTRIBUTE_EXISTS_MESSAGE });
const attributeNotFound = () => notFound('Attribute not found');
const view = (a: typeof attributes.$inferSelect) => ({ _id: a.id, name: a.name, type: a.type, createdAt: a.createdAt.toISOString() });

/** Names are unique per website whatever the case (the unique index is on lower(name)). */
async function nameTaken(ctx: AppContext, websiteId: string, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.websiteId, websiteId), sql`lower(${attributes.name}) = lower(${name})`, exceptId ? ne(attributes.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export function attributeRoutes(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/attributes',
    {
      config: ATTRIBUTE_ACCESS,
      schema: {
        tags: ['attributes'],
        summary: 'List the active website’s people-data attributes',
        querystring: attributeListQuerySchema,
        response: { 200: attributePageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const q = request.query;
      const where = and(eq(attributes.websiteId, website.id), q.name ? ilike(attributes.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(attributes).where(where).orderBy(dir(attributes.createdAt), dir(attributes.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(attributes)
          .where(where),
      ]);
      return paged(rows.map(view), total, q);
    },
  );

  /** POST /api/attributes: 201 with the spec's message telling the user to send it from their code. */
  zod(app).post(
    '/api/attributes',
    {
      config: { ...ATTRIBUTE_ACCESS, permission: 'create_attributes' },
      schema: {
        tags: ['attributes'],
        summary: 'Create a people-data attribute on the active website',
        body: attributeBodySchema,
        response: { 201: attributeSavedResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const website = activeWebsiteOf(request);
      const { name, type } = request.body;
      if (await nameTaken(ctx, website.id, name)) throw attributeExists();
      try {
        const [row] = await ctx.db.insert(attributes).values({ websiteId: website.id, name, type }).returning();
        return reply.code(201).send({ message: ATTRIBUTE_CREATED_MESSAGE, data: view(row) });
      } catch (err) {
        if (isUniqueViolation(err)) throw attributeExists();
        throw err;
      }
    },
  );

  zod(app).put(
    '/api/attributes/:id',
    {
      config: { ...ATTRIBUTE_ACCESS, permission: 'update_attributes' },
      schema: {
        tags: ['attributes'],
        summary: 'Rename or retype a people-data attribute',
        params: idParamSchema,
        body: attributeBodySchema,
        response: { 200: attributeSavedResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const { id } = request.params;
      const { name, type } = request.body;
      if (await nameTaken(ctx, website.id, name, id)) throw attributeExists();
      const [current] = await ctx.db
        .select()
        .from(attributes)
        .where(and(eq(attributes.id, id), eq(attributes.websiteId, website.id)))
        .limit(1);
      if (!current) throw attributeNotFound();
      if (current.name !== name || current.type !== type) await refuseIfUsed(ctx, website.id, current.name);
      try {
        const [row] = await ctx.db
          .update(attributes)
          .set({ name, type })
          .where(and(eq(attributes.id, id), eq(attributes.websiteId, website.id)))
          .returning();
        if (!row) throw attributeNotFound();
        return { message: ATTRIBUTE_UPDATED_MESSAGE, data: view(row) };
      } catch (err) {
        if (isUniqueViolation(err)) throw attributeExists();
        throw err;
      }
    },
  );

  zod(app).delete(
    '/api/attributes/:id',
    {
      config: { ...ATTRIBUTE_ACCESS, permission: 'delete_attributes' },
      schema: {
        tags: ['attributes'],
        summary: 'Delete a people-data attribute',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const website = activeWebsiteOf(request);
      const [current] = await ctx.db
        .select({ name: attributes.name })
        .from(attributes)
        .where(and(eq(attributes.id, request.params.id), eq(attributes.websiteId, website.id)))
        .limit(1);
      if (!current) throw attributeNotFound();
      await refuseIfUsed(ctx, website.id, current.name);
      const deleted = await ctx.db
        .delete(attributes)
        .where(and(eq(attributes.id, request.params.id), eq(attributes.websiteId, website.id)))
        .returning({ id: attributes.id });
      if (deleted.length === 0) throw attributeNotFound();
      return { message: ATTRIBUTE_DELETED_MESSAGE };
    },
  );
}

/**
 * Renaming, retyping or deleting an attribute that a saved audience uses would break that audience
 * silently (issue 10, item 3): refused with 409, naming the audiences to change first.
 */
async function refuseIfUsed(ctx: AppContext, websiteId: string, name: string): Promise<void> {
  const rows = await ctx.db
    .select({ name: segments.name })
    .from(segments)
    .where(
      and(
        eq(segments.websiteId, websiteId),
        sql`jsonb_path_exists(${segments.audience}, '$.** ? (@.attribute == $name)', jsonb_build_object('name', ${name}::text))`,
      ),
    )
    .orderBy(segments.name);
  if (rows.length > 0) throw conflict(`This attribute is used by saved audiences: ${rows.map((r) => r.name).join(', ')}`);
}
