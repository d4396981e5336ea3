import { api } from 'shared-auth';

/** PUT /api/popups/duplicate/{id} (duplicate_posts): a draft copy. */
export async function duplicatePopup(id: string): Promise<void> {
  await api.put(`/api/popups/duplicate/${encodeURIComponent(id)}`);
}
