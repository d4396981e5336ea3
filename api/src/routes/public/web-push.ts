import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import {
  EVENT_OTHER_VISITOR_MESSAGE,
  getWebPushKeyCall,
  PUSH_REPORT_NOT_FOUND_MESSAGE,
  reportWebPushCall,
  subscribeWebPushCall,
  VISITOR_TOKEN_OTHER_VISITOR_MESSAGE,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { HttpError, notFound } from '../../lib/errors';
import { explainStore } from '../../stores/explain';
import { webPushStore } from '../../stores/web-push';
import type { ScriptServices } from '../../delivery/script-services';

/** The website's VAPID keys, made with web-push's generator the first time they are needed. */
export const vapidKeysOf = (ctx: AppContext, websiteId: string) => webPushStore(ctx.db).vapidKeys(websiteId, () => webpush.generateVAPIDKeys());

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
    const content = await services.website(request, request.params.websiteKey);
    const websiteId = content.website.id;
    services.limit('identify', websiteId, request);
    const { visitorId } = await services.tokens.verify(request.body.token, websiteId);
    if (request.body.visitorId !== visitorId) throw new HttpError(403, VISITOR_TOKEN_OTHER_VISITOR_MESSAGE, { visitorId: EVENT_OTHER_VISITOR_MESSAGE });
    // The person the visitor was identified as (identify links them), so the subscription follows the person.
    const member = await explainStore(ctx.db, websiteId).memberOfVisitor(visitorId);
    const { endpoint, keys } = request.body.subscription;
    await webPushStore(ctx.db).subscribe(websiteId, visitorId, member?.id ?? null, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return reply.code(201).send({ subscribed: true as const });
  });

  serve(app, reportWebPushCall, async (request) => {
    const reported = await webPushStore(ctx.db).report(request.params.token, request.params.what, new Date(ctx.clock.now()));
    if (!reported) throw notFound(PUSH_REPORT_NOT_FOUND_MESSAGE);
    return { counted: reported.counted };
  });
}
