import { and, count, countDistinct, desc, eq, inArray, isNotNull, max, or, sql } from 'drizzle-orm';
import type { TourDocument, TourMissingElement } from 'contracts';
import type { DbOrTx } from '../db/client';
import { contents, visitorEvents, visitors } from '../db/schema';

/** A published step as the events call checks a page's word against it. */
export interface PublishedStep {
  id: string;
  advanceOn: TourDocument['steps'][number]['advanceOn'];
}

/** What one visitor (or one person, on all their devices) did of a tour so far. */
export interface TourReached {
  started: boolean;
  /** Step ids shown (`step`) or looked for in vain (`element_missing`). */
  steps: Set<string>;
}

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
    /** Each tour's published steps (another website's tours are not found). */
    async publishedSteps(tourIds: string[]): Promise<Map<string, PublishedStep[]>> {
      const steps = new Map<string, PublishedStep[]>();
      if (tourIds.length === 0) return steps;
      const rows = await db
        .select({ id: contents.id, document: contents.document })
        .from(contents)
        .where(and(eq(contents.websiteId, websiteId), eq(contents.kind, 'tour'), inArray(contents.id, tourIds)));
      for (const r of rows) {
        const list = ((r.document as Partial<TourDocument>).steps ?? []) as TourDocument['steps'];
        steps.set(
          r.id,
          list.map((step) => ({ id: step.id, advanceOn: step.advanceOn ?? 'next' })),
        );
      }
      return steps;
    },

    /**
     * Per tour, whether the visitor started it and the steps they reached, from the events stored; a
     * person's other devices count too (their progress follows them, so a tour begun on one may end on another).
     */
    async reached(tourIds: string[], visitorId: string, personId: string | null): Promise<Map<string, TourReached>> {
      const out = new Map<string, TourReached>(tourIds.map((id) => [id, { started: false, steps: new Set<string>() }]));
      if (tourIds.length === 0) return out;
      const whose = personId
        ? or(
            eq(visitorEvents.visitorId, visitorId),
            inArray(
              visitorEvents.visitorId,
              db
                .select({ id: visitors.visitorId })
                .from(visitors)
                .where(and(eq(visitors.websiteId, websiteId), eq(visitors.clientMemberId, personId))),
            ),
          )
        : eq(visitorEvents.visitorId, visitorId);
      const rows = await db
        .selectDistinct({ contentId: visitorEvents.contentId, type: visitorEvents.type, target: visitorEvents.target })
        .from(visitorEvents)
        .where(
          and(
            eq(visitorEvents.websiteId, websiteId),
            inArray(visitorEvents.contentId, tourIds),
            inArray(visitorEvents.type, ['view', 'step', 'element_missing']),
            whose,
          ),
        );
      for (const r of rows) {
        const tour = r.contentId ? out.get(r.contentId) : undefined;
        if (!tour) continue;
        if (r.type === 'view') tour.started = true;
        else if (r.target) tour.steps.add(r.target);
      }
      return out;
    },

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
