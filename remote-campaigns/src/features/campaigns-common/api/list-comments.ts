import type { Comment, Paged } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/{popups|banners}/{id}/comments: what visitors wrote, newest first. */
export async function listComments(kind: 'popups' | 'banners', id: string, page: number, pageSize = 10): Promise<Paged<Comment>> {
  const { data } = await api.get<Paged<Comment>>(`/api/${kind}/${encodeURIComponent(id)}/comments`, { params: { page, pageSize } });
  return data;
}
