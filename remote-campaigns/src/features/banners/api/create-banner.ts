import type { Banner, BannerBody } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/banners (create_banners): 201 { message, data }. */
export async function createBanner(body: BannerBody): Promise<{ message: string; data: Banner }> {
  const { data } = await api.post<{ message: string; data: Banner }>('/api/banners', body);
  return data;
}
