import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getInteractionsCall, getServicesCountCall, getServicesViewsCall, getTrafficCall, getUsersConnectedCall, type CallQuery } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { activeWebsiteOf } from '../../plugins/access';
import { statsStore, type StatsRange } from '../../stores/stats';

const DEFAULT_RANGE_MS = 24 * 3600_000;

/** The query's range; without dates, the last 24 hours (the dashboard's default range). */
function rangeOf(q: CallQuery<typeof getTrafficCall>): StatsRange {
  const end = q.endDate ? new Date(q.endDate) : new Date();
  const start = q.startDate ? new Date(q.startDate) : new Date(end.getTime() - DEFAULT_RANGE_MS);
  return { start: start.toISOString(), end: end.toISOString(), timeZone: q.timezone };
}

/**
 * The dashboard's statistics, always for the website of the Activewebsite header:
 * another organisation's website answers 404 before any query runs (the access hook).
 */
export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  const stats = (request: FastifyRequest) => statsStore(ctx.db, activeWebsiteOf(request).id);

  serve(app, getUsersConnectedCall, async (request) => ({ data: await stats(request).usersConnectedSeries(rangeOf(request.query)) }));
  serve(app, getServicesViewsCall, async (request) => ({ data: await stats(request).servicesViews(rangeOf(request.query)) }));
  serve(app, getServicesCountCall, async (request) => ({ data: await stats(request).serviceCounts(rangeOf(request.query)) }));
  serve(app, getInteractionsCall, async (request) => ({ data: await stats(request).interactions(rangeOf(request.query)) }));
  serve(app, getTrafficCall, async (request) => ({ data: await stats(request).traffic(rangeOf(request.query)) }));
}
