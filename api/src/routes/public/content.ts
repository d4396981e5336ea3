import type { FastifyInstance } from 'fastify';
import { LIMITS, URL_MESSAGE, getScriptContentCall, pageRuleMatches, type ProgressEntry, type ScriptItem } from 'contracts';
import { checklistStatsStore } from '../../stores/checklists';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest } from '../../lib/errors';
import type { VisitorFactsRow } from '../../stores/website-script';
import type { WebsiteContent } from '../../delivery/content-cache';
import { decide, type VisitorFacts } from '../../delivery/decide';
import type { ScriptServices } from '../../delivery/script-services';
import { VISITOR_TOKEN_TTL_SECONDS, tokenPerson } from '../../services/visitor-tokens';

/**
 * GET /api/public/{websiteKey}/content: what this visitor should see on this page now.
 * The website's public content and its compiled targeting come from the process's cache; the one
 * query per call reads the visitor: their client member, which targeting conditions they match, and
 * their views and closes (fatigue, replay). The decision itself is decide.ts.
 */
export function contentRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, getScriptContentCall, async (request, reply) => {
    const q = request.query;
    const content = await services.website(request, request.params.websiteKey);
    // A page that holds this visitor's token spends the visitor's share; one without, only its address's.
    const held = await services.tokens.check(q.token, content.website.id);
    const known = held !== null && held.visitorId === q.visitorId;
    services.limit('content', content.website.id, request, 1, known ? { visitorId: q.visitorId, visitorSince: held.since } : {});
    let url: URL;
    try {
      url = new URL(q.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      throw badRequest(URL_MESSAGE, { url: URL_MESSAGE });
    }
    const [facts] = await Promise.all([visitorFacts(content, q.visitorId), services.heartbeat(content.website, request, q.visitorId, q.token, q.v)]);
    // A visitor the website has never seen is given a token only within the address's budget of new visitors.
    if (!known && facts.memberId === null && facts.history.size === 0 && facts.progress.length === 0) {
      services.limitNewVisitor(content.website.id, request);
    }
    const now = ctx.clock.now();
    const { interruptionsPerDay: perDay, pushesBesidePopup, quietAfterCloseSeconds } = content.website;
    const decision = decide(content.items, facts, { url, device: q.device, now, open: idList(q.open), seen: idList(q.seen) }, perDay);
    // A new token on every call, so a page that keeps asking never holds an expired one.
    const token = await services.tokens.sign(
      { websiteId: content.website.id, visitorId: q.visitorId, personId: tokenPerson(facts), since: known ? (held.since ?? now) : now },
      VISITOR_TOKEN_TTL_SECONDS,
      now,
    );
    // The answer is this visitor's, now: never kept by a cache between them and us. Its items were
    // encoded by their contract schema when cached, so the answer is put together from them
    // (encoding a hundred items on every call would cost more than the rest of the call).
    await recordVisits(ctx, content, url, q.visitorId, new Date(now));
    const checklistsDone = await doneOfChecklists(ctx, content.website.id, decision.items, q.visitorId);
    const answer =
      `{"items":[${decision.items.map((i) => i.json).join(',')}],` +
      `"interruptions":${JSON.stringify({ perDay, today: decision.today, pushesBesidePopup, quietAfterCloseSeconds })},` +
      `"token":${JSON.stringify(token)},"tokenTtl":${VISITOR_TOKEN_TTL_SECONDS},"messenger":${content.messengerJson},` +
      `"progress":${JSON.stringify(progressEntries(facts.progress))},` +
      `"checklistsDone":${JSON.stringify(checklistsDone)}}`;
    return reply.code(200).header('cache-control', 'no-store').header('content-type', 'application/json; charset=utf-8').send(answer);
  });
}

/**
 * The content call is the page view: a live checklist's "page visited" task whose page this is is
 * done for the visitor, whichever checklist this page shows (its page rule may keep it off this
 * page) and whichever device, so the server, not the page, is the authority on visits.
 */
async function recordVisits(ctx: AppContext, content: WebsiteContent, url: URL, visitorId: string, now: Date) {
  const visited = content.items.flatMap(({ id, item }) =>
    item.kind === 'checklist'
      ? item.checklist.tasks
          .filter((x) => x.completion.type === 'page' && pageRuleMatches(x.completion.url, url))
          .map((x) => ({ checklistId: id, taskId: x.id }))
      : [],
  );
  await checklistStatsStore(ctx.db, content.website.id).recordVisits(visitorId, visited, now);
}

/**
 * What the server knows each served checklist's visitor did (only when a checklist is served: a page
 * without one pays nothing more).
 */
async function doneOfChecklists(ctx: AppContext, websiteId: string, items: readonly { id: string; item: ScriptItem }[], visitorId: string) {
  const done: Record<string, string[]> = {};
  const store = checklistStatsStore(ctx.db, websiteId);
  for (const { id, item } of items) {
    if (item.kind === 'checklist') done[id] = await store.doneFor(id, item.checklist, visitorId);
  }
  return done;
}

/** The visitor's facts from the one prepared query: their last view and close of each item (an answer counts as a close), and their progress. */
async function visitorFacts(content: WebsiteContent, visitorId: string): Promise<VisitorFacts & { progress: NonNullable<VisitorFactsRow['progress']> }> {
  const row = await content.visitorFacts(visitorId);
  return { ...factsOfRow(row), progress: row.progress ?? [] };
}

/** The progress rows of the facts query as the answer's entries. */
const progressEntries = (rows: NonNullable<VisitorFactsRow['progress']>): ProgressEntry[] =>
  rows.map(([contentId, state, at]) => ({ contentId, state, updatedAt: new Date(at).toISOString() }));

/** The decision's facts from the visitor-facts query's row. */
export function factsOfRow(row: VisitorFactsRow): VisitorFacts {
  const history = new Map<string, { kind: string; lastView: number | null; lastClose: number | null }>();
  for (const [contentId, kind, type, at] of row.history) {
    const h = history.get(contentId) ?? { kind, lastView: null, lastClose: null };
    // Answering a popup's form finishes it as surely as closing it (its thanks then closes it itself).
    if (type === 'view') h.lastView = Number(at);
    else h.lastClose = Math.max(h.lastClose ?? 0, Number(at));
    history.set(contentId, h);
  }
  return { memberId: row.memberId, identityVerified: row.identityVerified, matched: new Set(row.matched), groups: new Set(row.groups), history };
}

/** `a,b,c` of the `open` and `seen` parameters; ids the website does not hold simply match nothing. */
function idList(ids: string | undefined): ReadonlySet<string> {
  return new Set(
    (ids ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
      .slice(0, LIMITS.scriptIdsMax),
  );
}
