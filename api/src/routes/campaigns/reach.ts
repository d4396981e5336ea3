import type { FastifyInstance } from 'fastify';
import { getEmailReachCall, getPushReachCall, type EmailDocument } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { emailRules } from '../../services/campaign-kinds';
import { campaignsStore } from '../../stores/campaigns';
import { emailsStore } from '../../stores/emails';
import { webPushStore } from '../../stores/web-push';
import { activeWebsiteOf } from '../../plugins/access';

/**
 * How many an e-mail or a push notification would reach if published now: the console names the
 * figure in the confirmation it asks before anything leaves the page.
 */
export function reachRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, getEmailReachCall, async (request) => {
    const website = activeWebsiteOf(request);
    // The working copy is what Publish sends, so its targeting is the one counted.
    const doc = (await campaignsStore(ctx.db, website, emailRules).view(request.params.id)) as unknown as EmailDocument;
    return { data: { count: await emailsStore(ctx.db).countRecipients(website.id, doc), unit: 'people' as const } };
  });

  serve(app, getPushReachCall, async (request) => {
    return { data: { count: await webPushStore(ctx.db).subscriptionCount(activeWebsiteOf(request).id), unit: 'devices' as const } };
  });
}
