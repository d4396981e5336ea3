import { api } from 'shared-auth';

/** DELETE /api/popups/{id} (delete_posts). */
export async function deletePopup(id: string): Promise<void> {
  await api.delete(`/api/popups/${encodeURIComponent(id)}`);
}
