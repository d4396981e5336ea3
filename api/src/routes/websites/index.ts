import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEBSITE_DELETED_MESSAGE, WEBSITE_EXISTS_MESSAGE, createWebsiteCall, deleteWebsitesCall, listWebsitesCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { caller } from '../../plugins/access';
import { websitesStore, websiteView } from '../../stores/websites';
import { recordAudit } from '../../stores/audit-log';
import { auditScope, isUniqueViolation } from '../shared';
import { removeUploadedFiles, uploadSettings } from '../upload';

/** "Website create with HTTP 409: 'websites.alreadyExists'", shown on the domain field. */
const websiteExists = () => conflict(WEBSITE_EXISTS_MESSAGE, { domain: WEBSITE_EXISTS_MESSAGE });

/**
 * The websites of the caller's organisation. The domain is normalised by the
 * contract (lower-case, no scheme, no path), so "https://Shop.example.com/x" and "shop.example.com"
 * are one website; the unique index (organisation_id, domain) settles races.
 */
export function websiteRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => websitesStore(ctx.db, caller(request).organisationId);

  serve(app, listWebsitesCall, (request) => store(request).page(request.query));

  serve(app, createWebsiteCall, async (request) => {
    const sites = store(request);
    if (await sites.domainTaken(request.body.domain)) throw websiteExists();
    const site = await ctx.db
      .transaction(async (tx) => {
        const created = await websitesStore(tx, caller(request).organisationId).insert(request.body);
        await recordAudit(tx, auditScope(request), {
          action: 'website.created',
          objectType: 'website',
          objectId: created.id,
          objectLabel: created.domain,
          websiteId: created.id,
        });
        return created;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw websiteExists();
        throw err;
      });
    return { message: 'websites.created', data: websiteView(site) };
  });

  /**
   * DELETE is on the collection (a fixed contract with existing clients): one id or many, in the body. An id that is
   * not one of the caller's organisation's websites answers 404 (never a hint that it exists
   * elsewhere) and nothing is deleted. The organisation keeps at least one website: every content
   * call needs an active website, so deleting the last one answers 409. The organisation row is
   * locked for the check, so two concurrent deletes cannot remove the last two websites together.
   * A website's content (tags, workspaces…) goes with it (foreign keys cascade), and so do the images
   * uploaded in it, files included (removed once the deletion has committed).
   */
  serve(app, deleteWebsitesCall, async (request) => {
    const ids = [...new Set(request.body.websites)];
    const files = await ctx.db.transaction(async (tx) => {
      const sites = websitesStore(tx, caller(request).organisationId);
      await sites.lockOrganisation();
      const owned = await sites.ids();
      if (!ids.every((id) => owned.has(id))) throw notFound('websites.notFound');
      if (ids.length >= owned.size) {
        throw conflict('websites.lastWebsite');
      }
      for (const id of ids) await recordAudit(tx, auditScope(request), { action: 'website.deleted', objectType: 'website', objectId: id, websiteId: id });
      return sites.remove(ids);
    });
    await removeUploadedFiles(uploadSettings(ctx.config.dataDir).dir, files);
    return { message: WEBSITE_DELETED_MESSAGE };
  });
}
