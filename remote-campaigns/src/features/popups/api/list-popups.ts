import { listPopupsCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** The list's filters, in the URL under the call's own query names (`?status=draft&page=2`). */
export const POPUP_LIST_FILTERS = ['titleOfPopup', 'status', 'style', 'position', 'priority', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/popups (get_posts): the active website's popups; page, size and filters in the URL. */
export function usePopups(fallbackError: string) {
  const state = useListUrlState(POPUP_LIST_FILTERS);
  return { state, ...useListQuery(listPopupsCall, state, { fallbackError }) };
}
