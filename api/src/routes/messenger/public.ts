import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  MESSENGER_PATHS,
  getMessengerStateCall,
  markConversationReadCall,
  sendVisitorMessageCall,
  visitorLiveCall,
  type NewsItem,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { SCRIPT_CORS } from '../../http/script-cors';
import { notFound } from '../../lib/errors';
import { sha256 } from '../../lib/crypto';
import type { LiveHub } from '../../services/live-hub';
import { messengerStore } from '../../stores/messenger';
import { PUBLIC } from '../shared';
import type { CachedItem, WebsiteContent } from '../../delivery/content-cache';
import { factsOfRow } from '../public/content';
import { audienceOk } from '../../delivery/decide';
import type { ScriptServices } from '../../delivery/script-services';
import { lastEventIdOf, serveStream } from './sse';

/** How many news items the window lists. */
const NEWS_MAX = 20;

/** A banner or push notification as the News space lists it. */
function newsItem(it: CachedItem): NewsItem | null {
  const item = it.item;
  const publishedAt = new Date(it.createdAt).toISOString();
  if (item.kind === 'banner') {
    const b = item.banner;
    return { _id: it.id, kind: 'banner', title: b.titleOfBanner, body: b.content, url: b.actions.type === 'url' ? b.actions.url : null, publishedAt };
  }
  if (item.kind === 'push') {
    const p = item.push;
    const url = (p.action as { url?: string } | undefined)?.url;
    return { _id: it.id, kind: 'push', title: p.title, body: p.body, url: url ? url : null, publishedAt };
  }
  return null;
}

/**
 * The messenger's public calls (the website script's messenger chunk): its state (the visitor's
 * conversations, the website's news), writing to the team, reading an answer, and the visitor's live
 * stream. Each speaks for the visitor its visitor token names (the content call gave it): a
 * conversation of another visitor answers 404, as does one of another website (whose token does
 * not verify for this key: 401).
 */
export async function messengerPublicRoutes(app: FastifyInstance, ctx: AppContext, services: ScriptServices, hub: LiveHub) {
  const visitorOf = async (request: FastifyRequest, websiteKey: string, token: string) => {
    const content = await services.website(request, websiteKey);
    const claims = await services.tokens.verify(token, content.website.id);
    return { content, visitorId: claims.visitorId, store: messengerStore(ctx.db, content.website.id) };
  };

  /** What the News space lists: the banners and push notifications served now whose audience holds the visitor, newest first, closed or not. */
  const newsFor = async (content: WebsiteContent, visitorId: string): Promise<NewsItem[]> => {
    const candidates = content.items.filter((it) => it.kind === 'banner' || it.kind === 'push');
    if (candidates.length === 0) return [];
    const facts = factsOfRow(await content.visitorFacts(visitorId));
    const now = ctx.clock.now();
    return candidates
      .filter((it) => (it.endsAt === null || it.endsAt > now) && audienceOk(it, facts))
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, NEWS_MAX)
      .flatMap((it) => newsItem(it) ?? []);
  };

  await app.register(async (scope) => {
    // As the script's other calls: JSON sent as text/plain needs no CORS preflight.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));
    for (const path of [MESSENGER_PATHS.state, MESSENGER_PATHS.messages, MESSENGER_PATHS.read, MESSENGER_PATHS.live]) {
      scope.options(path, { config: { ...PUBLIC, cors: SCRIPT_CORS }, schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
    }

    serve(scope, getMessengerStateCall, async (request, reply) => {
      const { content, visitorId, store } = await visitorOf(request, request.params.websiteKey, request.query.token);
      services.limit('content', content.website.id, request);
      const [visitor, conversations, news] = await Promise.all([store.visitor(visitorId), store.visitorConversations(visitorId), newsFor(content, visitorId)]);
      reply.header('cache-control', 'no-store');
      return { name: visitor?.name ?? null, conversations, news };
    });

    serve(scope, sendVisitorMessageCall, async (request, reply) => {
      const { body, email, conversationId, token } = request.body;
      const { content, visitorId, store } = await visitorOf(request, request.params.websiteKey, token);
      const websiteId = content.website.id;
      // Per visitor and per website: a page cannot flood the team's inbox, nor many pages together.
      services.takeAll(
        [
          [services.visitorMessageLimiter, `messenger|${websiteId}|${visitorId}`, 'conversations.rateLimited'],
          [services.websiteEventLimiter, `messenger|${websiteId}`, 'conversations.rateLimited'],
        ],
        1,
      );
      let conversation;
      if (conversationId) {
        conversation = await store.visitorConversation(conversationId, visitorId);
        if (!conversation) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
        if (email && !conversation.email) await store.setEmail(conversation.id, email);
      } else {
        const visitor = await store.visitor(visitorId);
        conversation = await store.createConversation(visitorId, visitor?.memberId ?? null, email ? email : null);
      }
      await store.addMessage(conversation.id, 'visitor', body, null);
      const messages = await store.messagesOf(conversation.id);
      return reply.code(201).send({
        conversation: { _id: conversation.id, status: 'open', unread: 0, lastMessageAt: messages[messages.length - 1].createdAt, messages },
      });
    });

    serve(scope, markConversationReadCall, async (request) => {
      const { store, visitorId } = await visitorOf(request, request.params.websiteKey, request.body.token);
      if (!(await store.markVisitorRead(request.params.id, visitorId))) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
      return { ok: true };
    });

    // Each stream holds a connection for minutes: a token's or a visitor's oldest stream makes room
    // for their newest (a reopened tab still works), an address past its cap is refused (429) rather
    // than ending other visitors' streams behind it, and the process past its cap answers 503.
    const caps = ctx.config.liveStreams;
    serve(scope, visitorLiveCall, async (request, reply) => {
      const { token } = request.query;
      const { content, visitorId, store } = await visitorOf(request, request.params.websiteKey, token);
      const websiteId = content.website.id;
      services.limit('content', websiteId, request);
      return serveStream(request, reply, hub, {
        websiteId,
        visitorId,
        lastId: lastEventIdOf(request),
        missed: (after) => store.liveEventsAfter(visitorId, after),
        limits: {
          pool: { name: 'visitor', max: caps.max },
          keys: [
            { key: `token|${sha256(token)}`, cap: caps.perToken, oldestGoes: true },
            { key: `visitor|${websiteId}|${visitorId}`, cap: caps.perVisitor, oldestGoes: true },
            { key: `address|${request.ip}`, cap: caps.perAddress, oldestGoes: false },
          ],
        },
      });
    });
  });
}
