import { listBannersCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** GET /api/banners (get_banners): the active website's banners; page, size and filters in the URL. */
export function useBanners(fallbackError: string) {
  const state = useListCallState(listBannersCall);
  return { state, ...useListQuery(listBannersCall, state, { fallbackError }) };
}
