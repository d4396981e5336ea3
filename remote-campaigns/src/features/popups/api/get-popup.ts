import type { Popup } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/popups/{id} (get_posts): the whole saved popup. */
export async function getPopup(id: string): Promise<Popup> {
  const { data } = await api.get<{ data: Popup }>(`/api/popups/${encodeURIComponent(id)}`);
  return data.data;
}
