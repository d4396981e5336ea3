import { LIMITS, listTagsCall, type Tag } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/tags?pageSize=1000 (spec section 9: every tag at once, for the filters and the pickers). */
export async function listTags(): Promise<Tag[]> {
  const { docs } = await callApi(listTagsCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } });
  return docs;
}
