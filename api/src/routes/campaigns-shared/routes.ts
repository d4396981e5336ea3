import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ZodType } from 'zod';
import {
  campaignPageSchema,
  commentListQuerySchema,
  commentPageSchema,
  countReactsResponseSchema,
  CREATED_STATUS,
  idParamSchema,
  messageSchema,
  reactListQuerySchema,
  reactPageSchema,
  type PageQuery,
  type Permission,
} from 'contracts';
import type { AppContext } from '../../context';
import { contentComments, contentReactions, contents } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { paged, pageWindow } from '../../lib/paging';
import { caller } from '../../plugins/access';
import { activeWebsiteOf as websiteOf } from '../../plugins/access';
import { errorResponses, zod } from '../shared';
import type { AnyKind } from './kinds';
import { assertContent, assertRefs, insertContent, listContents, loadContentView, ownContent, updateContent, type ListFilters } from './store';

/**
 * One area of campaign content (popups, banners, push notifications): its paths, the permission
 * resource of spec section 6 (`*_posts`, `*_banners`, `*_pushNotification`) and its contract schemas.
 * Every call runs inside the website of the `Activewebsite` header; an item of another website, or
 * of another organisation, answers 404 exactly like a missing one.
 */
export interface CampaignArea {
  base: string;
  resource: 'posts' | 'banners' | 'pushNotification';
  spec: AnyKind;
  tag: string;
  bodySchema: ZodType;
  responseSchema: ZodType;
  savedSchema: ZodType;
  listQuerySchema: ZodType;
  /** Maps the list query onto the shared filters (each area names its title filter after its document). */
  filters(query: Record<string, unknown>): ListFilters;
  bulkSchema: ZodType;
  bulkField: string;
}

const access = (area: CampaignArea, action: 'get' | 'create' | 'update' | 'delete' | 'cancel' | 'duplicate') => ({
  auth: true,
  permission: `${action}_${area.resource}` as Permission,
  website: true,
});

type Doc = { tag: string | null; workspace: string | null };

/**
 * Checks a document's references, then writes it in one transaction; returns the saved view. The
 * status is the server's: `public` for a new item, the stored one on an update (the bodies carry
 * none; only the cancel call changes it).
 */
async function save(ctx: AppContext, area: CampaignArea, request: FastifyRequest, body: Doc, id?: string) {
  const website = websiteOf(request);
  // 404 before anything about the body: a foreign item is never hinted at.
  if (id) await assertContent(ctx.db, website.id, area.spec, id);
  await assertRefs(ctx.db, website.id, area.spec, body);
  return ctx.db.transaction(async (tx) => {
    const [stored] = id
      ? await tx
          .select({ status: contents.status })
          .from(contents)
          .where(ownContent(website.id, area.spec.kind, id))
          .limit(1)
      : [{ status: CREATED_STATUS }];
    if (!stored) throw notFound(area.spec.messages.notFound);
    const doc = { ...body, status: stored.status };
    const savedId = id ?? (await insertContent(tx, area.spec, website.id, caller(request).userId, doc));
    if (id) await updateContent(tx, area.spec, website.id, id, doc);
    return loadContentView(tx, area.spec, website.id, savedId);
  });
}

export function createRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).post(
    area.base,
    {
      config: access(area, 'create'),
      schema: {
        tags: [area.tag],
        summary: `Create a ${area.spec.kind} in the active website (the document's workspace is the create route's id)`,
        body: area.bodySchema,
        response: { 201: area.savedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await save(ctx, area, request, request.body as Doc);
      return reply.code(201).send({ message: area.spec.messages.created, data });
    },
  );
}

export function listRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).get(
    area.base,
    {
      config: access(area, 'get'),
      schema: {
        tags: [area.tag],
        summary: `List the active website's ${area.spec.kind} items, newest first, with filters`,
        querystring: area.listQuerySchema,
        response: { 200: campaignPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const q = request.query as PageQuery & Record<string, unknown>;
      return listContents(ctx.db, area.spec.kind, website, { ...q, ...area.filters(q) });
    },
  );
}

export function getRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).get(
    `${area.base}/:id`,
    {
      config: access(area, 'get'),
      schema: {
        tags: [area.tag],
        summary: `One ${area.spec.kind} with its whole document`,
        params: idParamSchema,
        response: { 200: area.responseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await loadContentView(ctx.db, area.spec, websiteOf(request).id, request.params.id) }),
  );
}

/** PUT {base}/{id}: replaces the whole document (the editor sends it all). */
export function updateRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).put(
    `${area.base}/:id`,
    {
      config: access(area, 'update'),
      schema: {
        tags: [area.tag],
        summary: `Update a ${area.spec.kind}: its whole document`,
        params: idParamSchema,
        body: area.bodySchema,
        response: { 200: area.savedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await save(ctx, area, request, request.body as Doc, request.params.id);
      return { message: area.spec.messages.updated, data };
    },
  );
}

/**
 * PUT on the collection with `_id` in the body: the spec lists `PUT /api/push-notification` without
 * an id in the path (like PUT /api/segment).
 */
export function updateByBodyRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea, bodySchema: ZodType) {
  zod(app).put(
    area.base,
    {
      config: access(area, 'update'),
      schema: {
        tags: [area.tag],
        summary: `Update a ${area.spec.kind}: its whole document, with its _id in the body`,
        body: bodySchema,
        response: { 200: area.savedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { _id, ...doc } = request.body as Doc & { _id: string };
      const data = await save(ctx, area, request, doc, _id);
      return { message: area.spec.messages.updated, data };
    },
  );
}

export function deleteRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).delete(
    `${area.base}/:id`,
    {
      config: access(area, 'delete'),
      schema: {
        tags: [area.tag],
        summary: `Delete a ${area.spec.kind} (its comments, reactions and answers go with it)`,
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const deleted = await ctx.db
        .delete(contents)
        .where(ownContent(website.id, area.spec.kind, request.params.id))
        .returning({ id: contents.id });
      if (deleted.length === 0) throw notFound(area.spec.messages.notFound);
      return { message: area.spec.messages.deleted };
    },
  );
}

/** DELETE on the collection with a list of ids: all or nothing (one foreign or missing id → 404, nothing deleted). */
export function bulkDeleteRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).delete(
    area.base,
    {
      config: access(area, 'delete'),
      schema: {
        tags: [area.tag],
        summary: `Delete several ${area.spec.kind} items (body: ${area.bulkField})`,
        body: area.bulkSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const ids = [...new Set((request.body as Record<string, string[]>)[area.bulkField])];
      await ctx.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(contents)
          .where(and(eq(contents.websiteId, website.id), eq(contents.kind, area.spec.kind), inArray(contents.id, ids)))
          .returning({ id: contents.id });
        // Throwing rolls the deletion back.
        if (deleted.length !== ids.length) throw notFound(area.spec.messages.notFound);
      });
      return { message: ids.length === 1 ? area.spec.messages.deleted : area.spec.messages.deletedMany };
    },
  );
}

/** PUT {base}/duplicate/{id}: a copy (document and targets) titled "… (copy)", in draft, by the caller. */
export function duplicateRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).put(
    `${area.base}/duplicate/:id`,
    {
      config: access(area, 'duplicate'),
      schema: {
        tags: [area.tag],
        summary: `Duplicate a ${area.spec.kind}: the copy is a draft titled "… (copy)"`,
        params: idParamSchema,
        response: { 201: area.savedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const website = websiteOf(request);
      const data = await ctx.db.transaction(async (tx) => {
        const source = await loadContentView(tx, area.spec, website.id, request.params.id);
        const { _id: _sourceId, sender: _s, reactCount: _r, commentCount: _c, createdAt: _ca, updatedAt: _ua, ...doc } = source;
        const id = await insertContent(tx, area.spec, website.id, caller(request).userId, area.spec.duplicate(doc));
        return loadContentView(tx, area.spec, website.id, id);
      });
      return reply.code(201).send({ message: area.spec.messages.duplicated, data });
    },
  );
}

/** Cancel (DELETE {base}/cancel/{id} for popups and banners, PATCH for push): status becomes `cancelled`; the item stays. */
export function cancelRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea, method: 'delete' | 'patch') {
  zod(app)[method](
    `${area.base}/cancel/:id`,
    {
      config: access(area, 'cancel'),
      schema: {
        tags: [area.tag],
        summary: `Cancel a ${area.spec.kind}: it stops showing, and stays listed as cancelled`,
        params: idParamSchema,
        response: { 200: area.savedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const data = await ctx.db.transaction(async (tx) => {
        const updated = await tx
          .update(contents)
          .set({ status: 'cancelled', document: sql`jsonb_set(${contents.document}, '{status}', '"cancelled"')`, updatedAt: new Date() })
          .where(ownContent(website.id, area.spec.kind, request.params.id))
          .returning({ id: contents.id });
        if (updated.length === 0) throw notFound(area.spec.messages.notFound);
        return loadContentView(tx, area.spec, website.id, request.params.id);
      });
      return { message: area.spec.messages.cancelled, data };
    },
  );
}

/** GET {base}/{id}/comments: what visitors wrote (through the public events call), newest first. */
export function commentsRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).get(
    `${area.base}/:id/comments`,
    {
      config: access(area, 'get'),
      schema: {
        tags: [area.tag],
        summary: `Comments visitors left on a ${area.spec.kind}, newest first`,
        params: idParamSchema,
        querystring: commentListQuerySchema,
        response: { 200: commentPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const { id } = request.params;
      await assertContent(ctx.db, website.id, area.spec, id);
      const q = request.query;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select()
          .from(contentComments)
          .where(eq(contentComments.contentId, id))
          .orderBy(desc(contentComments.createdAt), desc(contentComments.id))
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(contentComments)
          .where(eq(contentComments.contentId, id)),
      ]);
      return paged(
        rows.map((c) => ({ _id: c.id, visitorId: c.visitorId, body: c.body, createdAt: c.createdAt.toISOString() })),
        total,
        q,
      );
    },
  );
}

/** GET {base}/{id}/reacts: reactions, newest first, optionally of one emoji. */
export function reactsRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).get(
    `${area.base}/:id/reacts`,
    {
      config: access(area, 'get'),
      schema: {
        tags: [area.tag],
        summary: `Reactions visitors gave to a ${area.spec.kind}, newest first, with the emoji filter`,
        params: idParamSchema,
        querystring: reactListQuerySchema,
        response: { 200: reactPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const { id } = request.params;
      await assertContent(ctx.db, website.id, area.spec, id);
      const q = request.query;
      const where = and(eq(contentReactions.contentId, id), q.emoji ? eq(contentReactions.emoji, q.emoji) : undefined);
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db.select().from(contentReactions).where(where).orderBy(desc(contentReactions.createdAt), desc(contentReactions.id)).limit(limit).offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(contentReactions)
          .where(where),
      ]);
      return paged(
        rows.map((r) => ({ _id: r.id, visitorId: r.visitorId, emoji: r.emoji, createdAt: r.createdAt.toISOString() })),
        total,
        q,
      );
    },
  );
}

/** GET {base}/{id}/count-reacts: how many of each emoji, most given first. */
export function countReactsRoute(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  zod(app).get(
    `${area.base}/:id/count-reacts`,
    {
      config: access(area, 'get'),
      schema: {
        tags: [area.tag],
        summary: `Reaction counts of a ${area.spec.kind}, per emoji`,
        params: idParamSchema,
        response: { 200: countReactsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const { id } = request.params;
      await assertContent(ctx.db, website.id, area.spec, id);
      const count = sql<number>`count(*)::int`;
      const rows = await ctx.db
        .select({ emoji: contentReactions.emoji, count })
        .from(contentReactions)
        .where(eq(contentReactions.contentId, id))
        .groupBy(contentReactions.emoji)
        .orderBy(desc(count), contentReactions.emoji);
      return { data: rows, total: rows.reduce((n, r) => n + r.count, 0) };
    },
  );
}

/** Every call of popups and banners (spec section 7: banners, and popups "the same shape"). */
export function campaignRoutes(app: FastifyInstance, ctx: AppContext, area: CampaignArea) {
  listRoute(app, ctx, area);
  createRoute(app, ctx, area);
  getRoute(app, ctx, area);
  updateRoute(app, ctx, area);
  deleteRoute(app, ctx, area);
  bulkDeleteRoute(app, ctx, area);
  duplicateRoute(app, ctx, area);
  cancelRoute(app, ctx, area, 'delete');
  commentsRoute(app, ctx, area);
  reactsRoute(app, ctx, area);
  countReactsRoute(app, ctx, area);
}
