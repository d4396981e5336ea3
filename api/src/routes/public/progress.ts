import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import {
  EVENT_OTHER_VISITOR_MESSAGE,
  PROGRESS_RECORDED_MESSAGE,
  PROGRESS_REFUSED_MESSAGE,
  PROGRESS_UNKNOWN_CONTENT_MESSAGE,
  VISITOR_TOKEN_OTHER_VISITOR_MESSAGE,
  recordProgressCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, HttpError } from '../../lib/errors';
import { progressEntryOf, progressStore } from '../../stores/progress';
import type { ScriptServices } from '../../delivery/script-services';

/**
 * POST /api/public/{websiteKey}/progress: the page's progress in tours and checklists since its last
 * call, kept for the visitor (for the person once their identity is verified), answered with the
 * server's progress for every item after the merge. The visitor token names who may write: another
 * visitor's id is refused (403), a token that is not valid for this website 401. Every entry is checked
 * (an item of this website that keeps progress) before anything is written.
 */
export function progressRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, recordProgressCall, async (request) => {
    const { token, visitorId, entries } = request.body;
    const { website } = await services.website(request, request.params.websiteKey);
    const held = await services.tokens.check(token, website.id);
    services.limit('progress', website.id, request, 1, { visitorId: held?.visitorId, visitorSince: held?.since });
    const visitor = held ?? (await services.tokens.verify(token, website.id));
    if (visitor.visitorId !== visitorId) throw new HttpError(403, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, { visitorId: EVENT_OTHER_VISITOR_MESSAGE });

    const store = progressStore(ctx.db);
    const known = await store.progressItems(website.id, [...new Set(entries.map((e) => e.contentId))]);
    const errors: Record<string, MessageCode> = {};
    entries.forEach((e, i) => {
      // Another website's item answers like a missing one: the key reveals nothing about others.
      if (!known.has(e.contentId)) errors[`entries.${i}.contentId`] = PROGRESS_UNKNOWN_CONTENT_MESSAGE;
    });
    if (Object.keys(errors).length > 0) throw badRequest(PROGRESS_REFUSED_MESSAGE, errors);

    const owner = await store.ownerOf(website.id, visitorId);
    const now = ctx.clock.now();
    // A page's clock running ahead must not make its state win over every later one.
    const rows = entries.map((e) => ({ contentId: e.contentId, state: e.state, updatedAt: new Date(Math.min(Date.parse(e.updatedAt), now)) }));
    await store.upsert(website.id, owner, visitorId, rows);
    return { message: PROGRESS_RECORDED_MESSAGE, progress: (await store.read(website.id, owner)).map(progressEntryOf) };
  });
}
