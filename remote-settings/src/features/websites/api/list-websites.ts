import { listWebsitesCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type WebsiteRow = CallAnswer<typeof listWebsitesCall>['docs'][number];

/** GET /api/websites (get_websites): the organisation's websites, newest first; page and size in the URL. */
export function useWebsites(fallbackError: string) {
  const state = useListUrlState();
  return { state, ...useListQuery(listWebsitesCall, state, { fallbackError }) };
}
