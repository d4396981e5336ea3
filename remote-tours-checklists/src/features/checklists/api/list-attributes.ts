import { LIMITS, listAttributesCall, type Attribute } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/attributes: the website's people-data attributes, which the dynamic-audience rules test. */
export async function listAttributes(): Promise<Attribute[]> {
  return (await callApi(listAttributesCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } })).docs;
}
