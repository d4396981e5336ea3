import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  EVENT_UNKNOWN_CONTENT_MESSAGE,
  EVENT_WRONG_KIND_MESSAGE,
  EVENTS_ACCEPTED_MESSAGE,
  EVENTS_RATE_LIMITED_MESSAGE,
  EVENTS_REFUSED_MESSAGE,
  UNKNOWN_WEBSITE_KEY_MESSAGE,
  eventsAcceptedSchema,
  eventsBodySchema,
  eventsParamsSchema,
} from 'contracts';
import type { AppContext } from '../../context';
import { contentComments, contentReactions, contents, formAnswers, visitorEvents, websites, type ContentKind } from '../../db/schema';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors';
import { errorResponses, PUBLIC, zod } from '../shared';
import { EventLimiter, eventsPerMinute } from './event-limiter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-route override of @fastify/cors (its own types do not declare it). */
    cors?: { origin?: string | boolean; methods?: string[]; allowedHeaders?: string[]; maxAge?: number; credentials?: boolean };
  }
}

export const EVENTS_URL = '/api/public/:websiteKey/events';

/**
 * Customer websites call this from their own origin, so it answers CORS for any origin, without
 * credentials (it needs none: the key in the path names the website). Only this route is opened:
 * the rest of the API keeps the console's origins (CORS_ORIGINS).
 */
const OPEN_CORS = {
  origin: '*',
  methods: ['POST', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language'],
  maxAge: 86_400,
  credentials: false,
};

/** Which events apply to which kind of content: reactions and comments exist on popups and banners, form answers on popups. */
const KINDS_FOR: Record<string, readonly ContentKind[]> = {
  view: ['popup', 'banner', 'push'],
  close: ['popup', 'banner', 'push'],
  react: ['popup', 'banner'],
  comment: ['popup', 'banner'],
  answer: ['popup'],
};

/**
 * POST /api/public/{websiteKey}/events: what a website's visitors did, as its script reports it.
 * All or nothing: every event is checked (shape by the contract; content belongs to this website and
 * accepts the event) before anything is written, then everything is written in one transaction, so a
 * refused batch leaves no trace and the script can resend it whole.
 */
export function publicEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const limiter = new EventLimiter(eventsPerMinute());

  // The preflight: this route's own OPTIONS, so @fastify/cors answers it with the open policy above
  // (its catch-all OPTIONS route would apply the console's origins). Hidden from the OpenAPI document.
  app.options(EVENTS_URL, { config: { ...PUBLIC, cors: OPEN_CORS }, schema: { hide: true } }, async (_request, reply) => reply.code(204).send());

  zod(app).post(
    EVENTS_URL,
    {
      config: { ...PUBLIC, cors: OPEN_CORS },
      schema: {
        tags: ['public'],
        summary: 'Record visitor events of a website (its script calls this; public, keyed by the website’s public key)',
        params: eventsParamsSchema,
        body: eventsBodySchema,
        response: { 202: eventsAcceptedSchema, ...errorResponses(400, 404, 413, 429) },
      },
    },
    async (request, reply) => {
      const { websiteKey } = request.params;
      const { events } = request.body;

      const [site] = await ctx.db.select({ id: websites.id }).from(websites).where(eq(websites.publicKey, websiteKey)).limit(1);
      if (!site) throw notFound(UNKNOWN_WEBSITE_KEY_MESSAGE);

      // Counted in events, not calls, and refused batches count too (a flood of bad batches is a flood).
      const wait = limiter.take(`${site.id}|${request.ip}`, events.length);
      if (wait > 0) throw tooManyRequests(EVENTS_RATE_LIMITED_MESSAGE, wait);

      const ids = [...new Set(events.flatMap((e) => ('contentId' in e ? [e.contentId] : [])))];
      const known = new Map<string, ContentKind>();
      if (ids.length > 0) {
        const rows = await ctx.db
          .select({ id: contents.id, kind: contents.kind })
          .from(contents)
          .where(and(eq(contents.websiteId, site.id), inArray(contents.id, ids)));
        for (const r of rows) known.set(r.id, r.kind);
      }
      const errors: Record<string, string> = {};
      events.forEach((e, i) => {
        if (e.type === 'session') return;
        const kind = known.get(e.contentId);
        // Another website's content answers like a missing one: the key reveals nothing about others.
        if (!kind) errors[`events.${i}.contentId`] = EVENT_UNKNOWN_CONTENT_MESSAGE;
        else if (!KINDS_FOR[e.type].includes(kind)) errors[`events.${i}.contentId`] = EVENT_WRONG_KIND_MESSAGE;
      });
      if (Object.keys(errors).length > 0) throw badRequest(EVENTS_REFUSED_MESSAGE, errors);

      const now = new Date();
      const rows = events.map((e) => ({
        websiteId: site.id,
        type: e.type,
        visitorId: e.visitorId,
        device: e.type === 'session' ? e.device : null,
        contentId: e.type === 'session' ? null : e.contentId,
        contentKind: e.type === 'session' ? null : (known.get(e.contentId) ?? null),
        occurredAt: e.occurredAt ? new Date(e.occurredAt) : now,
      }));
      const comments = events.flatMap((e) =>
        e.type === 'comment' ? [{ contentId: e.contentId, visitorId: e.visitorId, body: e.body, createdAt: e.occurredAt ? new Date(e.occurredAt) : now }] : [],
      );
      const reactions = events.flatMap((e) =>
        e.type === 'react' ? [{ contentId: e.contentId, visitorId: e.visitorId, emoji: e.emoji, createdAt: e.occurredAt ? new Date(e.occurredAt) : now }] : [],
      );
      const answers = events.flatMap((e) =>
        e.type === 'answer'
          ? e.answers.map((a) => ({
              contentId: e.contentId,
              visitorId: e.visitorId,
              blockId: a.blockId,
              question: a.question,
              answer: a.answer,
              createdAt: e.occurredAt ? new Date(e.occurredAt) : now,
            }))
          : [],
      );
      // Denormalised counters the content lists show (reactCount, commentCount), bumped once per item.
      const bumps = new Map<string, { react: number; comment: number }>();
      for (const e of events) {
        if (e.type !== 'react' && e.type !== 'comment') continue;
        const b = bumps.get(e.contentId) ?? { react: 0, comment: 0 };
        b[e.type] += 1;
        bumps.set(e.contentId, b);
      }

      await ctx.db.transaction(async (tx) => {
        await tx.insert(visitorEvents).values(rows);
        if (comments.length) await tx.insert(contentComments).values(comments);
        if (reactions.length) await tx.insert(contentReactions).values(reactions);
        if (answers.length) await tx.insert(formAnswers).values(answers);
        if (bumps.size > 0) {
          // One statement for every item of the batch (a batch may touch several popups and banners).
          const values = sql.join(
            [...bumps].map(([id, b]) => sql`(${id}::uuid, ${b.react}::int, ${b.comment}::int)`),
            sql`, `,
          );
          await tx.execute(
            sql`update contents set react_count = contents.react_count + v.reacts, comment_count = contents.comment_count + v.comments
                  from (values ${values}) as v(id, reacts, comments) where contents.id = v.id`,
          );
        }
      });
      return reply.code(202).send({ message: EVENTS_ACCEPTED_MESSAGE, accepted: rows.length });
    },
  );
}
