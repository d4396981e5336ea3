import type { Banner, BannerBody } from 'contracts';
import { api } from 'shared-auth';

/** PUT /api/banners/{id} (update_banners). */
export async function updateBanner(id: string, body: BannerBody): Promise<{ message: string; data: Banner }> {
  const { data } = await api.put<{ message: string; data: Banner }>(`/api/banners/${encodeURIComponent(id)}`, body);
  return data;
}
