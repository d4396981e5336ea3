import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBSITE_SETTINGS_UPDATED_MESSAGE, buildInstallSnippet, getInstallSnippetCall, getWebsiteSettingsCall, updateWebsiteSettingsCall } from 'contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { caller } from '../../plugins/access';
import { serve } from '../../http/serve';
import { notFound } from '../../lib/errors';
import { websitesStore } from '../../stores/websites';
import { recordAudit } from '../../stores/audit-log';
import { auditScope } from '../shared';

/** The website of the caller's organisation, or 404 (another organisation's website looks missing). */
async function ownWebsite(db: DbOrTx, request: FastifyRequest, id: string) {
  const site = await websitesStore(db, caller(request).organisationId).scriptSettings(id);
  if (!site) throw notFound('websites.notFound');
  return site;
}

/**
 * A website's delivery settings: how many interruptive items (popups, push notifications) one
 * visitor is shown a UTC day, whether a push may show beside an open popup, the quiet seconds after
 * an interruptive item ends (their meaning is the script's: website-script/README.md), and the time
 * zone schedules are entered in. The content call's cache hears the change through the database
 * (the websites trigger of migration 0010), in every API process.
 */
export function websiteScriptSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, getWebsiteSettingsCall, async (request) => {
    const site = await ownWebsite(ctx.db, request, request.params.id);
    const { interruptionsPerDay, pushesBesidePopup, quietAfterCloseSeconds, timeZone } = site;
    return { data: { interruptionsPerDay, pushesBesidePopup, quietAfterCloseSeconds, timeZone } };
  });

  serve(app, updateWebsiteSettingsCall, async (request) => {
    const site = await ownWebsite(ctx.db, request, request.params.id);
    const { interruptionsPerDay, pushesBesidePopup, quietAfterCloseSeconds, timeZone } = request.body;
    const settings = { interruptionsPerDay, pushesBesidePopup, quietAfterCloseSeconds };
    await ctx.db.transaction(async (tx) => {
      await websitesStore(tx, caller(request).organisationId).setDeliverySettings(site.id, { ...settings, timeZone });
      await recordAudit(tx, auditScope(request), {
        action: 'settings.updated',
        objectType: 'website',
        objectId: site.id,
        websiteId: site.id,
        details: { ...settings, timeZone: timeZone ?? null },
      });
    });
    return { message: WEBSITE_SETTINGS_UPDATED_MESSAGE, data: { ...settings, timeZone: timeZone ?? site.timeZone } };
  });

  /** GET /api/websites/{id}/install-snippet: the snippet to paste, with the script's and the API's public addresses. */
  serve(app, getInstallSnippetCall, async (request) => {
    const site = await ownWebsite(ctx.db, request, request.params.id);
    const apiUrl = ctx.config.publicApiUrl ?? `${request.protocol}://${request.host}`;
    return { snippet: buildInstallSnippet({ scriptUrl: ctx.config.websiteScriptUrl, websiteKey: site.publicKey, apiUrl }) };
  });
}
