import { LIMITS, listGroupsCall, type GroupRow } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/groups (get_group): the active website's groups for the targeting picker (1000 at once). */
export async function listGroups(): Promise<GroupRow[]> {
  return (await callApi(listGroupsCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } })).docs;
}
