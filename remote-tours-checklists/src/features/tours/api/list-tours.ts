import { listToursCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** The list's filters, in the URL under the call's own query names (`?status=draft&page=2`). */
export const TOUR_LIST_FILTERS = ['title', 'status', 'priority', 'devices', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/product-tours (get_tour): the active website's tours; page, size and filters in the URL. */
export function useTours(fallbackError: string) {
  const state = useListUrlState(TOUR_LIST_FILTERS);
  return { state, ...useListQuery(listToursCall, state, { fallbackError }) };
}
