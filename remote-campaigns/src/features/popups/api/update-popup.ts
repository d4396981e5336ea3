import type { Popup, PopupBody } from 'contracts';
import { api } from 'shared-auth';

/** PUT /api/popups/{id} (update_posts): the whole document. */
export async function updatePopup(id: string, body: PopupBody): Promise<{ message: string; data: Popup }> {
  const { data } = await api.put<{ message: string; data: Popup }>(`/api/popups/${encodeURIComponent(id)}`, body);
  return data;
}
