import type { Paged, Reaction } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/{popups|banners}/{id}/reacts, with the emoji filter (none = every reaction). */
export async function listReacts(kind: 'popups' | 'banners', id: string, page: number, emoji?: string, pageSize = 10): Promise<Paged<Reaction>> {
  const { data } = await api.get<Paged<Reaction>>(`/api/${kind}/${encodeURIComponent(id)}/reacts`, { params: { page, pageSize, emoji: emoji || undefined } });
  return data;
}
