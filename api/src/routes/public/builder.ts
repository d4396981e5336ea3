import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BUILDER_FRAGMENT,
  BUILDER_OTHER_TOUR_MESSAGE,
  BUILDER_SESSION_REFUSED_MESSAGE,
  BUILDER_SESSION_TTL_SECONDS,
  BUILDER_STEPS_SAVED_MESSAGE,
  BUILDER_TOKEN_CREATED_MESSAGE,
  BUILDER_TOKEN_REFUSED_MESSAGE,
  BUILDER_TOKEN_TTL_SECONDS,
  BUILDER_URL_NOT_OF_WEBSITE_MESSAGE,
  createBuilderTokenCall,
  editsGoToDraft,
  getBuilderTourCall,
  saveBuilderStepsCall,
  startBuilderSessionCall,
  tourBodySchema,
  type BuilderTour,
  type TourDocument,
} from 'contracts';
import type { MessageCode } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/errors';
import { activeWebsiteOf, caller } from '../../plugins/access';
import { campaignsStore } from '../../stores/campaigns';
import { tourBuilderStore, type BuilderGrant } from '../../stores/tour-builder';
import { tourRules as tourKind } from '../../services/campaign-kinds';
import { originMatchesDomain } from '../../delivery/origin';
import type { ScriptServices } from '../../delivery/script-services';

/**
 * The on-page tour builder. The console asks for a one-time token (update_tour) for a tour and a full
 * address of a page of the active website; the page, opened with the token in its fragment, exchanges
 * it through the script's public calls for a session good for that website and that tour only, with
 * which the builder reads and saves the tour's steps. Tokens and sessions are stored hashed; a token
 * is spent once; either is refused (401) when unknown, spent, expired or another website's, and a
 * session names its tour (403 for another).
 */
export function builderTokenRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, createBuilderTokenCall, async (request) => {
    const website = activeWebsiteOf(request);
    const { id } = request.params;
    // 404 before anything about the body: another website's tour is never hinted at.
    await campaignsStore(ctx.db, website, tourKind).assertOwn(id);
    const page = new URL(request.body.url);
    if (!originMatchesDomain(page.origin, website.domain)) throw badRequest(BUILDER_URL_NOT_OF_WEBSITE_MESSAGE, { url: BUILDER_URL_NOT_OF_WEBSITE_MESSAGE });
    const expiresAt = new Date(ctx.clock.now() + BUILDER_TOKEN_TTL_SECONDS * 1000);
    const token = await tourBuilderStore(ctx.db).issue('token', { websiteId: website.id, tourId: id, userId: caller(request).userId }, expiresAt);
    page.hash = `${BUILDER_FRAGMENT}=${token}`;
    return { message: BUILDER_TOKEN_CREATED_MESSAGE, url: page.toString(), expiresAt: expiresAt.toISOString() };
  });
}

const refused = (message: MessageCode, field: string) => new HttpError(401, message, { [field]: message });

/** The builder's public calls, in the script's scope (text/plain bodies, the open CORS, the website's origin checked). */
export function builderPublicRoutes(app: FastifyInstance, ctx: AppContext, services: ScriptServices) {
  const now = () => new Date(ctx.clock.now());

  async function grantOf(request: FastifyRequest, websiteKey: string, session: string, tourId: string) {
    const { website } = await services.website(request, websiteKey);
    services.limit('content', website.id, request);
    const grant = await tourBuilderStore(ctx.db).session(website.id, session, now());
    if (!grant) throw refused(BUILDER_SESSION_REFUSED_MESSAGE, 'session');
    if (grant.tourId !== tourId) throw forbidden(BUILDER_OTHER_TOUR_MESSAGE);
    return { website, grant };
  }

  serve(app, startBuilderSessionCall, async (request) => {
    const { website } = await services.website(request, request.params.websiteKey);
    services.limit('content', website.id, request);
    const store = tourBuilderStore(ctx.db);
    const grant = await store.spend(website.id, request.body.token, now());
    if (!grant) throw refused(BUILDER_TOKEN_REFUSED_MESSAGE, 'token');
    const expiresAt = new Date(ctx.clock.now() + BUILDER_SESSION_TTL_SECONDS * 1000);
    const session = await store.issue('session', grant, expiresAt);
    return { session, tourId: grant.tourId, expiresAt: expiresAt.toISOString() };
  });

  serve(app, getBuilderTourCall, async (request) => {
    const { website } = await grantOf(request, request.params.websiteKey, request.body.session, request.body.tourId);
    return { data: builderTourOf(await campaignsStore(ctx.db, website, tourKind).view(request.body.tourId)) };
  });

  serve(app, saveBuilderStepsCall, async (request) => {
    const { website, grant } = await grantOf(request, request.params.websiteKey, request.body.session, request.body.tourId);
    const data = await saveSteps(ctx, website, grant, request.body.steps);
    return { message: BUILDER_STEPS_SAVED_MESSAGE, data };
  });
}

const builderTourOf = (view: unknown): BuilderTour => {
  const tour = view as TourDocument & { _id: string };
  return { _id: tour._id, title: tour.title, steps: tour.steps };
};

/**
 * Replaces the steps of the tour's working copy, as the editor's update would: step ids the tour had
 * are kept (the funnel follows them), others are the server's; a tour visitors are served keeps its
 * published version until the author publishes.
 */
async function saveSteps(ctx: AppContext, website: { id: string; domain: string }, grant: BuilderGrant, steps: unknown[]) {
  const now = () => new Date(ctx.clock.now());
  const outer = campaignsStore(ctx.db, website, tourKind, now);
  const current = (await outer.view(grant.tourId)) as unknown as Record<string, unknown>;
  const body = tourBodySchema.parse({ ...current, steps });
  const prepared = tourKind.prepare!(body as unknown as TourDocument, await outer.documents(grant.tourId));
  return ctx.db.transaction(async (tx) => {
    const store = campaignsStore(tx, website, tourKind, now);
    const state = await store.state(grant.tourId);
    if (!state) throw notFound(tourKind.messages.notFound);
    const doc = { ...prepared, status: state.status };
    if (editsGoToDraft(state)) await store.saveDraft(grant.tourId, doc);
    else await store.update(grant.tourId, doc);
    return builderTourOf(await store.view(grant.tourId));
  });
}
