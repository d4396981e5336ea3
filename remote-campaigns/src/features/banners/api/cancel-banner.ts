import { api } from 'shared-auth';

/** DELETE /api/banners/cancel/{id} (cancel_banners). */
export async function cancelBanner(id: string): Promise<void> {
  await api.delete(`/api/banners/cancel/${encodeURIComponent(id)}`);
}
