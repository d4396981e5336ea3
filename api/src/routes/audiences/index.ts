import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { clientSearchRoute } from './clients';
import { segmentRoutes } from './segments';

/** Dynamic audiences (POST /api/clients) and segments (/api/segment): issue 4, item 8. */
export function audienceRoutes(app: FastifyInstance, ctx: AppContext) {
  clientSearchRoute(app, ctx);
  segmentRoutes(app, ctx);
}
