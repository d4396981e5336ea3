import type { FastifyInstance } from 'fastify';
import { tourCalls, tourStepText, type TourDocument, type TourStats } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { activeWebsiteOf } from '../../plugins/access';
import { campaignsStore } from '../../stores/campaigns';
import { tourStatsStore } from '../../stores/tours';
import { tourRules } from '../../services/campaign-kinds';

/** A step's name on the funnel: its title, else the start of its text. */
const stepName = (s: TourDocument['steps'][number]) => s.title || tourStepText(s.content).slice(0, 80);

/**
 * GET /api/product-tours/{id}/stats: the view screen's step funnel (distinct visitors who started
 * the tour, saw each of its steps as the editor lists them now, completed, snoozed, dismissed it)
 * and the element-not-found reports. Another website's tour answers 404 like a missing one.
 */
export function tourRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, tourCalls.stats, async (request) => {
    const website = activeWebsiteOf(request);
    const { id } = request.params as { id: string };
    const tour = (await campaignsStore(ctx.db, website, tourRules).view(id)) as unknown as TourDocument;
    const store = tourStatsStore(ctx.db, website.id);
    const [{ byType, byStep }, missingElements] = await Promise.all([store.funnel(id), store.missingElements(id)]);
    const data: TourStats = {
      funnel: {
        started: byType.view ?? 0,
        steps: tour.steps.map((s) => ({ id: s.id, title: stepName(s), seen: byStep.get(s.id) ?? 0 })),
        completed: byType.complete ?? 0,
        snoozed: byType.snooze ?? 0,
        dismissed: byType.dismiss ?? 0,
      },
      missingElements,
    };
    return { data };
  });
}
