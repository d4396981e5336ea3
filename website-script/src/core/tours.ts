import { pageRuleMatches } from 'contracts/script';
import type { ItemOf } from '../surfaces/types';

/** A visitor's place in a tour, as the tour surface keeps it through the core's progress. */
export interface TourProgress {
  /** The index of the step reached. */
  step: number;
  status: 'active' | 'done' | 'snoozed' | 'dismissed';
  /** The visit (a browser session) it was snoozed or ended in: a snooze lasts until the next visit. */
  visit?: string;
}

export function isTourProgress(state: unknown): state is TourProgress {
  const s = state as TourProgress | null;
  return !!s && typeof s === 'object' && typeof s.step === 'number' && ['active', 'done', 'snoozed', 'dismissed'].includes(s.status);
}

/** Where a tour starts by itself: its `insertable_url`, else its first step's page (empty: any page). */
export function isTourStartPage(tour: ItemOf<'tour'>['tour'], href: string): boolean {
  const rule = tour.insertable_url || tour.steps[0]?.url || '';
  return pageRuleMatches(rule, href);
}

/**
 * Whether a tour the server returned plays on this page now, from the visitor's progress: a tour under
 * way resumes (its surface waits for its step's page); one snoozed comes back on a later visit; one
 * never started starts on its start page; one finished or left starts again only when restartable, on
 * a later visit. `signpost('startTour', id)` writes an active state first, so it always plays.
 */
export function tourPlays(item: ItemOf<'tour'>, state: unknown, href: string, visit: string): boolean {
  if (item.tour.steps.length === 0) return false;
  if (!isTourProgress(state)) return isTourStartPage(item.tour, href);
  switch (state.status) {
    case 'active':
      return true;
    case 'snoozed':
      return state.visit !== visit;
    default:
      return item.tour.restartable && state.visit !== visit && isTourStartPage(item.tour, href);
  }
}
