import type { Paged, Tag } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/tags?pageSize=1000 (spec section 9: every tag at once, for the filters and the pickers). */
export async function listTags(): Promise<Tag[]> {
  const { data } = await api.get<Paged<Tag>>('/api/tags', { params: { page: 1, pageSize: 1000 } });
  return data.docs;
}
