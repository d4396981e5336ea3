import { api } from 'shared-auth';

/** DELETE /api/banners/{id} (delete_banners). */
export async function deleteBanner(id: string): Promise<void> {
  await api.delete(`/api/banners/${encodeURIComponent(id)}`);
}
