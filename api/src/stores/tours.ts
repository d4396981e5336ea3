import { and, count, countDistinct, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { TourMissingElement } from 'contracts';
import type { DbOrTx } from '../db/client';
import { visitorEvents } from '../db/schema';

/*
 * The SQL of a product tour's view screen: what visitors did with it, as aggregates over
 * `visitor_events` of the tour (content_id = the tour; the website script sends `view` when the tour
 * starts, `step` with target = the step's id, `complete`, `snooze`, `dismiss`, and `element_missing`
 * with target = the step's id and detail { page, selector }). Bound to the website: the route first
 * checks the tour is the caller's (campaignsStore.view), and every query also says the website.
 */

const FUNNEL_TYPES = ['view', 'step', 'complete', 'snooze', 'dismiss'] as const;
/** Most element-not-found rows the screen lists (the most frequent first). */
const MISSING_ROWS_MAX = 100;

export function tourStatsStore(db: DbOrTx, websiteId: string) {
  const ofTour = (tourId: string) => and(eq(visitorEvents.websiteId, websiteId), eq(visitorEvents.contentId, tourId));
  return {
    /** Distinct visitors per event type, and per step for `step` (one query). */
    async funnel(tourId: string): Promise<{ byType: Record<string, number>; byStep: Map<string, number> }> {
      const rows = await db
        .select({
          type: visitorEvents.type,
          target: sql<string | null>`case when ${visitorEvents.type} = 'step' then ${visitorEvents.target} end`,
          n: countDistinct(visitorEvents.visitorId),
        })
        .from(visitorEvents)
        .where(and(ofTour(tourId), inArray(visitorEvents.type, [...FUNNEL_TYPES])))
        .groupBy(sql`1`, sql`2`);
      const byType: Record<string, number> = {};
      const byStep = new Map<string, number>();
      for (const r of rows) {
        if (r.type === 'step') {
          if (r.target) byStep.set(r.target, Number(r.n));
        } else byType[r.type] = Number(r.n);
      }
      return { byType, byStep };
    },

    /** Elements not found: per step, page and selector, how many reports and the latest, most reported first. */
    async missingElements(tourId: string): Promise<TourMissingElement[]> {
      const page = sql<string>`coalesce(${visitorEvents.detail}->>'page', '')`;
      const selector = sql<string>`coalesce(${visitorEvents.detail}->>'selector', '')`;
      const rows = await db
        .select({ stepId: visitorEvents.target, page, selector, n: count(), last: max(visitorEvents.occurredAt) })
        .from(visitorEvents)
        .where(and(ofTour(tourId), eq(visitorEvents.type, 'element_missing'), isNotNull(visitorEvents.contentId)))
        .groupBy(visitorEvents.target, page, selector)
        .orderBy(desc(count()), desc(max(visitorEvents.occurredAt)))
        .limit(MISSING_ROWS_MAX);
      return rows.map((r) => ({ stepId: r.stepId, page: r.page, selector: r.selector, count: Number(r.n), lastSeenAt: (r.last ?? new Date(0)).toISOString() }));
    },
  };
}
