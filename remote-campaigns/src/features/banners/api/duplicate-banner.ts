import { api } from 'shared-auth';

/** PUT /api/banners/duplicate/{id} (duplicate_banners). */
export async function duplicateBanner(id: string): Promise<void> {
  await api.put(`/api/banners/duplicate/${encodeURIComponent(id)}`);
}
