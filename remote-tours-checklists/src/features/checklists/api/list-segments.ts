import { LIMITS, listSegmentsCall, type Segment } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/segment: the website's saved audiences, for the targeting picker. */
export async function listSegments(): Promise<Segment[]> {
  return (await callApi(listSegmentsCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } })).docs;
}
