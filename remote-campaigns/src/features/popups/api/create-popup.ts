import type { Popup, PopupBody } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/popups (create_posts): 201 { message, data }; 400 with per-field messages. */
export async function createPopup(body: PopupBody): Promise<{ message: string; data: Popup }> {
  const { data } = await api.post<{ message: string; data: Popup }>('/api/popups', body);
  return data;
}
