import type { CountReacts } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/{popups|banners}/{id}/count-reacts: one count per emoji and the total. */
export async function countReacts(kind: 'popups' | 'banners', id: string): Promise<CountReacts> {
  const { data } = await api.get<CountReacts>(`/api/${kind}/${encodeURIComponent(id)}/count-reacts`);
  return data;
}
