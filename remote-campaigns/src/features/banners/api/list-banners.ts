import { listBannersCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** The list's filters, in the URL under the call's own query names (`?status=draft&page=2`). */
export const BANNER_LIST_FILTERS = ['titleOfBanner', 'status', 'style', 'position', 'priority', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/banners (get_banners): the active website's banners; page, size and filters in the URL. */
export function useBanners(fallbackError: string) {
  const state = useListUrlState(BANNER_LIST_FILTERS);
  return { state, ...useListQuery(listBannersCall, state, { fallbackError }) };
}
