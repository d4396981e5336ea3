import type { FastifyInstance } from 'fastify';
import { EVENT_OTHER_VISITOR_MESSAGE, scriptDebugCall, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, type ScriptDebugAnswer } from 'contracts';
import { HttpError } from '../../lib/errors';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { languageOf, translateMessage } from '../../i18n/messages';
import { explainStore } from '../../stores/explain';
import { explainRow } from '../campaigns/explain';
import type { ScriptServices } from '../../delivery/script-services';

/**
 * `signpost('debug')`: the console's "why not shown?" explanation of every live item of the website,
 * for the visitor the token names (a page can only ask about its own visitor), on the page it gives.
 * Counted like the content call, which it mirrors.
 */
export function debugRoute(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, scriptDebugCall, async (request): Promise<ScriptDebugAnswer> => {
    const content = await services.website(request, request.params.websiteKey);
    const websiteId = content.website.id;
    services.limit('content', websiteId, request);
    const { visitorId } = await services.tokens.verify(request.body.token, websiteId);
    // A good token of another visitor does not entitle its holder to this one's explanation.
    if (request.body.visitorId !== visitorId) throw new HttpError(403, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, { visitorId: EVENT_OTHER_VISITOR_MESSAGE });
    const store = explainStore(ctx.db, websiteId);
    const member = await store.memberOfVisitor(visitorId);
    const lang = languageOf(request.headers['accept-language']);
    const page = { url: request.body.url, device: request.body.device ?? 'web' } as const;
    const items: ScriptDebugAnswer['items'] = [];
    // The live items only (those the content cache serves), in the order the content call weighs them.
    for (const it of content.items) {
      const row = await store.item(it.kind, it.id);
      if (!row) continue;
      const explained = await explainRow(ctx, websiteId, row, { member, visitorId }, page, lang, content);
      const title = await store.title(it.id);
      const kind = translateMessage(`explain.kinds.${it.kind}`, lang);
      const reason = explained.steps.find((s) => !s.ok)?.message ?? '';
      const summary = translateMessage(explained.wouldShow ? 'explain.summaryShows' : 'explain.summaryHidden', lang, { kind, title, reason });
      items.push({ id: it.id, kind: it.kind, title, summary, wouldShow: explained.wouldShow, steps: explained.steps });
    }
    return { visitorId, items };
  });
}
