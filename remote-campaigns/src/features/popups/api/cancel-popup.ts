import { api } from 'shared-auth';

/** DELETE /api/popups/cancel/{id} (cancel_posts): the popup stops showing (status cancelled). */
export async function cancelPopup(id: string): Promise<void> {
  await api.delete(`/api/popups/cancel/${encodeURIComponent(id)}`);
}
