import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  servicesCountResponseSchema,
  servicesViewsResponseSchema,
  statsQuerySchema,
  trafficsResponseSchema,
  userConnectedResponseSchema,
  usersInteractionsResponseSchema,
} from 'contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { RouteAccess } from '../../plugins/access';
import { errorResponses, zod } from '../shared';
import { activeWebsiteOf } from '../../plugins/access';
import { interactions, serviceCounts, servicesViews, traffic, usersConnectedSeries, type StatsWindow } from './queries';

/**
 * The dashboard's statistics (spec section 7). /dashboard needs no permission (spec section 2) and
 * section 6 names no statistics resource, so any signed-in member may read them (permission null),
 * always for the website of the Activewebsite header (website true): another organisation's website
 * answers 404 before any query runs.
 */
const STATS_ACCESS: RouteAccess = { auth: true, permission: null, website: true };
const DEFAULT_RANGE_MS = 24 * 3600_000;

/** The query's window; without dates, the last 24 hours (the dashboard's default range, spec section 9). */
function windowOf(request: FastifyRequest, q: z.output<typeof statsQuerySchema>): StatsWindow {
  const website = activeWebsiteOf(request);
  const end = q.endDate ? new Date(q.endDate) : new Date();
  const start = q.startDate ? new Date(q.startDate) : new Date(end.getTime() - DEFAULT_RANGE_MS);
  return { websiteId: website.id, start: start.toISOString(), end: end.toISOString(), timeZone: q.timezone };
}

const schema = <R>(summary: string, response: R) => ({
  tags: ['statistics'],
  summary,
  querystring: statsQuerySchema,
  response: { 200: response, ...errorResponses(400, 401, 404) },
});

export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/stats/user-connected',
    {
      config: STATS_ACCESS,
      schema: schema('Visitors connected per hour (ranges up to 48 h) or per day, in the requested time zone', userConnectedResponseSchema),
    },
    async (request) => ({ data: await usersConnectedSeries(ctx.db, windowOf(request, request.query)) }),
  );

  zod(app).get(
    '/api/stats/views',
    { config: STATS_ACCESS, schema: schema('Views of popups, banners and push notifications: totals and series', servicesViewsResponseSchema) },
    async (request) => ({ data: await servicesViews(ctx.db, windowOf(request, request.query)) }),
  );

  zod(app).get(
    '/api/count',
    { config: STATS_ACCESS, schema: schema('Visitors connected in the range and the number of items of each service', servicesCountResponseSchema) },
    async (request) => ({ data: await serviceCounts(ctx.db, windowOf(request, request.query)) }),
  );

  // Spelt as the spec spells it (section 7).
  zod(app).get(
    '/api/stats/interractions',
    { config: STATS_ACCESS, schema: schema('Comments, reactions and closes in the range', usersInteractionsResponseSchema) },
    async (request) => ({ data: await interactions(ctx.db, windowOf(request, request.query)) }),
  );

  zod(app).get(
    '/api/stats/traffic',
    { config: STATS_ACCESS, schema: schema('Distinct visitors on the web, on mobile and in all', trafficsResponseSchema) },
    async (request) => ({ data: await traffic(ctx.db, windowOf(request, request.query)) }),
  );
}
