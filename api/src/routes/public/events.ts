import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  EVENT_UNKNOWN_CONTENT_MESSAGE,
  EVENT_WRONG_KIND_MESSAGE,
  EVENTS_ACCEPTED_MESSAGE,
  EVENTS_RATE_LIMITED_MESSAGE,
  EVENTS_REFUSED_MESSAGE,
  recordEventsCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { contentComments, contentReactions, contents, formAnswers, visitorEvents, type ContentKind } from '../../db/schema';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import type { ScriptServices } from './script';

/** Which events apply to which kind of content: reactions and comments exist on popups and banners, form answers on popups. */
const KINDS_FOR: Record<string, readonly ContentKind[]> = {
  view: ['popup', 'banner', 'push'],
  close: ['popup', 'banner', 'push'],
  react: ['popup', 'banner'],
  comment: ['popup', 'banner'],
  answer: ['popup'],
  click: ['popup', 'banner', 'push'],
};

/**
 * POST /api/public/{websiteKey}/events: what a website's visitors did, as its script reports it.
 * All or nothing: every event is checked (shape by the contract; content belongs to this website and
 * accepts the event) before anything is written, then everything is written in one transaction, so a
 * refused batch leaves no trace and the script can resend it whole. An event the page gave an id is
 * stored once: ids the website already holds are skipped (unique index, ON CONFLICT DO NOTHING), with
 * the comment, reaction or answer it carried, so a batch retried after a network failure counts once.
 */
export function eventsRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, recordEventsCall, async (request) => {
    const { websiteKey } = request.params;
    const { events: sent } = request.body;

    const { website: site } = await services.website(request, websiteKey);
    // Counted in events, not calls, and refused batches count too (a flood of bad batches is a flood).
    services.limit(services.eventLimiter, 'events', site.id, request, sent.length, EVENTS_RATE_LIMITED_MESSAGE);

    const ids = [...new Set(sent.flatMap((e) => ('contentId' in e ? [e.contentId] : [])))];
    const known = new Map<string, ContentKind>();
    if (ids.length > 0) {
      const rows = await ctx.db
        .select({ id: contents.id, kind: contents.kind })
        .from(contents)
        .where(and(eq(contents.websiteId, site.id), inArray(contents.id, ids)));
      for (const r of rows) known.set(r.id, r.kind);
    }
    const errors: Record<string, MessageCode> = {};
    sent.forEach((e, i) => {
      if (e.type === 'session') return;
      const kind = known.get(e.contentId);
      // Another website's content answers like a missing one: the key reveals nothing about others.
      if (!kind) errors[`events.${i}.contentId`] = EVENT_UNKNOWN_CONTENT_MESSAGE;
      else if (!KINDS_FOR[e.type].includes(kind)) errors[`events.${i}.contentId`] = EVENT_WRONG_KIND_MESSAGE;
    });
    if (Object.keys(errors).length > 0) throw badRequest(EVENTS_REFUSED_MESSAGE, errors);

    const now = new Date();
    const rows = sent.map((e) => ({
      eventId: e.id ?? null,
      target: e.type === 'click' ? (e.target ?? null) : null,
      websiteId: site.id,
      type: e.type,
      visitorId: e.visitorId,
      device: e.type === 'session' ? e.device : null,
      contentId: e.type === 'session' ? null : e.contentId,
      contentKind: e.type === 'session' ? null : (known.get(e.contentId) ?? null),
      occurredAt: e.occurredAt ? new Date(e.occurredAt) : now,
    }));
    const comments = (events: typeof sent) =>
      events.flatMap((e) =>
        e.type === 'comment' ? [{ contentId: e.contentId, visitorId: e.visitorId, body: e.body, createdAt: e.occurredAt ? new Date(e.occurredAt) : now }] : [],
      );
    const reactions = (events: typeof sent) =>
      events.flatMap((e) =>
        e.type === 'react' ? [{ contentId: e.contentId, visitorId: e.visitorId, emoji: e.emoji, createdAt: e.occurredAt ? new Date(e.occurredAt) : now }] : [],
      );
    const answers = (events: typeof sent) =>
      events.flatMap((e) =>
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
    const accepted = await ctx.db.transaction(async (tx) => {
      const inserted = await tx.insert(visitorEvents).values(rows).onConflictDoNothing().returning({ eventId: visitorEvents.eventId });
      // What was new: events without an id, and those whose id the website did not hold yet (once each, even within one batch).
      const newIds = new Set(inserted.map((r) => r.eventId));
      const events = sent.filter((e) => e.id === undefined || newIds.delete(e.id));
      const [c, r, a] = [comments(events), reactions(events), answers(events)];
      if (c.length) await tx.insert(contentComments).values(c);
      if (r.length) await tx.insert(contentReactions).values(r);
      if (a.length) await tx.insert(formAnswers).values(a);
      // Denormalised counters the content lists show (reactCount, commentCount), bumped once per item.
      const bumps = new Map<string, { react: number; comment: number }>();
      for (const e of events) {
        if (e.type !== 'react' && e.type !== 'comment') continue;
        const b = bumps.get(e.contentId) ?? { react: 0, comment: 0 };
        b[e.type] += 1;
        bumps.set(e.contentId, b);
      }
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
      return inserted.length;
    });
    return { message: EVENTS_ACCEPTED_MESSAGE, accepted };
  });
}
