import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import {
  EVENT_UNKNOWN_CONTENT_MESSAGE,
  EVENT_WRONG_KIND_MESSAGE,
  EVENTS_ACCEPTED_MESSAGE,
  EVENTS_RATE_LIMITED_MESSAGE,
  EVENTS_REFUSED_MESSAGE,
  recordEventsCall,
} from 'contracts';
import type { AppContext } from '../../context';
import type { ContentKind } from '../../db/schema';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import { websiteScriptStore } from '../../stores/website-script';
import type { ScriptServices } from './script-services';

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
    const store = websiteScriptStore(ctx.db);
    const known = await store.contentKinds(site.id, ids);
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
    const accepted = await store.recordEvents(rows, (newIds) => {
      // What was new: events without an id, and those whose id the website did not hold yet (once each, even within one batch).
      const events = sent.filter((e) => e.id === undefined || newIds.delete(e.id));
      // Denormalised counters the content lists show (reactCount, commentCount), bumped once per item.
      const bumps = new Map<string, { react: number; comment: number }>();
      for (const e of events) {
        if (e.type !== 'react' && e.type !== 'comment') continue;
        const b = bumps.get(e.contentId) ?? { react: 0, comment: 0 };
        b[e.type] += 1;
        bumps.set(e.contentId, b);
      }
      return { comments: comments(events), reactions: reactions(events), answers: answers(events), bumps };
    });
    return { message: EVENTS_ACCEPTED_MESSAGE, accepted };
  });
}
