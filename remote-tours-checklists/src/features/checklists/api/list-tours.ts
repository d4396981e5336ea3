import { LIMITS, listToursCall, type CampaignRow } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/product-tours (get_tour): the website's tours, for a task that starts or waits for one. */
export async function listTourChoices(): Promise<CampaignRow[]> {
  return (await callApi(listToursCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } })).docs;
}
