import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import {
  EVENT_OTHER_VISITOR_MESSAGE,
  getWebPushKeyCall,
  PUSH_ENDPOINT_REFUSED_MESSAGE,
  PUSH_REPORT_NOT_FOUND_MESSAGE,
  PUSH_SUBSCRIPTION_INVALID_MESSAGE,
  reportWebPushCall,
  subscribeWebPushCall,
  VISITOR_TOKEN_OTHER_VISITOR_MESSAGE,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { pushEndpointRefusal } from '../../services/push-sender';
import { explainStore } from '../../stores/explain';
import { webPushStore, type PushPair } from '../../stores/web-push';
import { factsOfRow } from './content';
import { audienceOk, replayOk, visitHistory } from '../../delivery/decide';
import type { ScriptServices } from '../../delivery/script-services';

/** The website's VAPID keys, made with web-push's generator the first time they are needed. */
export const vapidKeysOf = (ctx: AppContext, websiteId: string) => webPushStore(ctx.db).vapidKeys(websiteId, () => webpush.generateVAPIDKeys());

/**
 * The push sender's weighing of (push, subscription) pairs of a website: the content call's own
 * audience and show-once checks on the website's content loaded now (no page: the others do not apply).
 */
export function pushWeigher(services: ScriptServices) {
  return async (websiteId: string, pairs: PushPair[], now: number): Promise<(PushPair & { send: boolean })[]> => {
    const content = await services.cache.fresh(websiteId);
    if (!content) return [];
    const weighed: (PushPair & { send: boolean })[] = [];
    for (const p of pairs) {
      const item = content.items.find((i) => i.id === p.contentId);
      if (!item) continue; // not served now (a scheduled one not started): weighed again later
      const facts = factsOfRow(await content.visitorFacts(p.visitorId));
      const visit = { url: new URL('https://push.invalid/'), device: 'web' as const, now, open: new Set<string>(), seen: new Set<string>() };
      const { history, dayStart } = visitHistory([item], facts, visit);
      weighed.push({ ...p, send: audienceOk(item, facts) && replayOk(item, visit, history, dayStart) });
    }
    return weighed;
  };
}

/**
 * Web Push's public calls: the website's VAPID public key, a visitor's subscription (under the
 * visitor token, like the script's other calls), and the service worker's reports (shown, clicked).
 */
export function webPushRoutes(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  serve(app, getWebPushKeyCall, async (request) => {
    const content = await services.website(request, request.params.websiteKey);
    services.limit('content', content.website.id, request);
    const keys = await vapidKeysOf(ctx, content.website.id);
    return { publicKey: keys.publicKey };
  });

  serve(app, subscribeWebPushCall, async (request, reply) => {
    // Refused before anything else: the endpoint is where the API would send requests on the
    // visitor's word, so it must be a push service on the public internet (services/push-sender.ts).
    if (pushEndpointRefusal(request.body.subscription.endpoint, ctx.config))
      throw badRequest(PUSH_SUBSCRIPTION_INVALID_MESSAGE, { 'subscription.endpoint': PUSH_ENDPOINT_REFUSED_MESSAGE });
    const content = await services.website(request, request.params.websiteKey);
    const websiteId = content.website.id;
    services.limit('identify', websiteId, request);
    const { visitorId } = await services.tokens.verify(request.body.token, websiteId);
    if (request.body.visitorId !== visitorId) throw new HttpError(403, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, { visitorId: EVENT_OTHER_VISITOR_MESSAGE });
    // The person the visitor was identified as (identify links them), so the subscription follows the person.
    const member = await explainStore(ctx.db, websiteId).memberOfVisitor(visitorId);
    const { endpoint, keys } = request.body.subscription;
    await webPushStore(ctx.db).subscribe(
      websiteId,
      visitorId,
      member?.id ?? null,
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      { perVisitor: ctx.config.webPush.maxSubscriptionsPerVisitor, perWebsite: ctx.config.webPush.maxSubscriptionsPerWebsite },
    );
    return reply.code(201).send({ subscribed: true as const });
  });

  serve(app, reportWebPushCall, async (request) => {
    const reported = await webPushStore(ctx.db).report(request.params.token, request.params.what, new Date(ctx.clock.now()));
    if (!reported) throw notFound(PUSH_REPORT_NOT_FOUND_MESSAGE);
    return { counted: reported.counted };
  });
}
