import type { FastifyInstance } from 'fastify';
import { URL_MESSAGE, getScriptContentCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import type { WebsiteContent } from './content-cache';
import { decide, type VisitorFacts } from './decide';
import type { ScriptServices } from './script-services';

/**
 * GET /api/public/{websiteKey}/content (issue 12): what this visitor should see on this page now.
 * The website's public content and its compiled targeting come from the process's cache; the one
 * query per call reads the visitor: their client member, which targeting conditions they match, and
 * their views and closes (fatigue, replay). The decision itself is decide.ts.
 */
export function contentRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, getScriptContentCall, async (request, reply) => {
    const q = request.query;
    const content = await services.website(request, request.params.websiteKey);
    services.limit(services.contentLimiter, 'content', content.website.id, request);
    let url: URL;
    try {
      url = new URL(q.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      throw badRequest(URL_MESSAGE, { url: URL_MESSAGE });
    }
    const [facts] = await Promise.all([visitorFacts(content, q.visitorId), services.heartbeat(content.website, request, url, q.v)]);
    const now = ctx.clock.now();
    const perDay = content.website.interruptionsPerDay;
    const decision = decide(content.items, facts, { url, device: q.device, now }, perDay);
    // The answer is this visitor's, now: never kept by a cache between them and us. Its items were
    // encoded by their contract schema when cached, so the answer is put together from them
    // (encoding a hundred items on every call would cost more than the rest of the call).
    const answer = `{"items":[${decision.items.map((i) => i.json).join(',')}],"interruptions":${JSON.stringify({ perDay, today: decision.today })}}`;
    return reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8').send(answer);
  });
}

/** The visitor's facts from the one prepared query: their last view and close of each item (an answer counts as a close). */
async function visitorFacts(content: WebsiteContent, visitorId: string): Promise<VisitorFacts> {
  const row = await content.visitorFacts(visitorId);
  const history = new Map<string, { kind: string; lastView: number | null; lastClose: number | null }>();
  for (const [contentId, kind, type, at] of row.history) {
    const h = history.get(contentId) ?? { kind, lastView: null, lastClose: null };
    // Answering a popup's form finishes it as surely as closing it (its thanks then closes it itself).
    if (type === 'view') h.lastView = Number(at);
    else h.lastClose = Math.max(h.lastClose ?? 0, Number(at));
    history.set(contentId, h);
  }
  return { memberId: row.memberId, matched: new Set(row.matched), groups: new Set(row.groups), history };
}
