import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import {
  SEGMENT_CREATED_MESSAGE,
  SEGMENT_DELETED_MESSAGE,
  SEGMENT_EXISTS_MESSAGE,
  SEGMENT_NOT_FOUND_MESSAGE,
  SEGMENT_UPDATED_MESSAGE,
  idParamSchema,
  messageSchema,
  segmentCreateBodySchema,
  segmentListQuerySchema,
  segmentPageSchema,
  segmentSavedResponseSchema,
  segmentUpdateBodySchema,
  type AudienceGroup,
} from 'contracts';
import type { AppContext } from '../../context';
import type { RouteAccess } from '../../plugins/access';
import { segments } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, isUniqueViolation, likePattern, zod } from '../shared';
import { websiteOf } from '../groups/shared';
import { attributeTypesOf } from './attribute-types';
import { compileAudience } from './compile';

/**
 * Segments: saved dynamic audiences of the active website (/settings/audiences). Spec section 2 gives
 * that screen no permission and section 6 names no segment resource, so any signed-in member may use
 * these calls (permission null; access.ts then checks only the token), always inside the website of
 * the `Activewebsite` header (website true; another organisation's website is a 404 there). A segment
 * of another website answers 404 like a missing one. The tree is checked against the website's
 * attributes on save (the same check POST /api/clients makes), so a saved segment always compiles.
 */
const SEGMENT_ACCESS: RouteAccess = { auth: true, permission: null, website: true };
const TAGS = ['audiences'];

const segmentExists = () => conflict(SEGMENT_EXISTS_MESSAGE, { name: SEGMENT_EXISTS_MESSAGE });
const segmentNotFound = () => notFound(SEGMENT_NOT_FOUND_MESSAGE);
const view = (s: typeof segments.$inferSelect) => ({ _id: s.id, name: s.name, audience: s.audience, createdAt: s.createdAt.toISOString() });

/** Names are unique per website whatever the case (the unique index is on lower(name)). */
async function nameTaken(ctx: AppContext, websiteId: string, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.websiteId, websiteId), sql`lower(${segments.name}) = lower(${name})`, exceptId ? ne(segments.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

async function checkAudience(ctx: AppContext, websiteId: string, audience: AudienceGroup) {
  compileAudience(audience, await attributeTypesOf(ctx.db, websiteId), 'audience');
}

export function segmentRoutes(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/segment',
    {
      config: SEGMENT_ACCESS,
      schema: {
        tags: TAGS,
        summary: 'List the active website’s segments',
        querystring: segmentListQuerySchema,
        response: { 200: segmentPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const q = request.query;
      const where = and(eq(segments.websiteId, website.id), q.name ? ilike(segments.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(segments).where(where).orderBy(dir(segments.createdAt), dir(segments.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(segments)
          .where(where),
      ]);
      return paged(rows.map(view), total, q);
    },
  );

  zod(app).post(
    '/api/segment',
    {
      config: { ...SEGMENT_ACCESS, permission: 'create_segment' },
      schema: {
        tags: TAGS,
        summary: 'Save a dynamic audience as a segment of the active website',
        body: segmentCreateBodySchema,
        response: { 201: segmentSavedResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const website = websiteOf(request);
      const { name, audience } = request.body;
      await checkAudience(ctx, website.id, audience);
      if (await nameTaken(ctx, website.id, name)) throw segmentExists();
      try {
        const [row] = await ctx.db.insert(segments).values({ websiteId: website.id, name, audience }).returning();
        return reply.code(201).send({ message: SEGMENT_CREATED_MESSAGE, data: view(row) });
      } catch (err) {
        if (isUniqueViolation(err)) throw segmentExists();
        throw err;
      }
    },
  );

  /** PUT /api/segment: the spec's path has no id, so the body names the segment (`_id`). */
  zod(app).put(
    '/api/segment',
    {
      config: { ...SEGMENT_ACCESS, permission: 'update_segment' },
      schema: {
        tags: TAGS,
        summary: 'Rename a segment or change its audience',
        body: segmentUpdateBodySchema,
        response: { 200: segmentSavedResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const { _id: id, name, audience } = request.body;
      const [existing] = await ctx.db
        .select({ id: segments.id })
        .from(segments)
        .where(and(eq(segments.id, id), eq(segments.websiteId, website.id)))
        .limit(1);
      if (!existing) throw segmentNotFound();
      await checkAudience(ctx, website.id, audience);
      if (await nameTaken(ctx, website.id, name, id)) throw segmentExists();
      try {
        const [row] = await ctx.db
          .update(segments)
          .set({ name, audience })
          .where(and(eq(segments.id, id), eq(segments.websiteId, website.id)))
          .returning();
        if (!row) throw segmentNotFound();
        return { message: SEGMENT_UPDATED_MESSAGE, data: view(row) };
      } catch (err) {
        if (isUniqueViolation(err)) throw segmentExists();
        throw err;
      }
    },
  );

  zod(app).delete(
    '/api/segment/:id',
    {
      config: { ...SEGMENT_ACCESS, permission: 'delete_segment' },
      schema: {
        tags: TAGS,
        summary: 'Delete a segment',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const deleted = await ctx.db
        .delete(segments)
        .where(and(eq(segments.id, request.params.id), eq(segments.websiteId, website.id)))
        .returning({ id: segments.id });
      if (deleted.length === 0) throw segmentNotFound();
      return { message: SEGMENT_DELETED_MESSAGE };
    },
  );
}
