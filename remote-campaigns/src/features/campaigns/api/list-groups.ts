import type { GroupRow, Paged } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/groups (get_group): the active website's groups for the targeting picker (1000 at once). */
export async function listGroups(): Promise<GroupRow[]> {
  const { data } = await api.get<Paged<GroupRow>>('/api/groups', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
