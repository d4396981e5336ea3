import type { Banner } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/banners/{id} (get_banners). */
export async function getBanner(id: string): Promise<Banner> {
  const { data } = await api.get<{ data: Banner }>(`/api/banners/${encodeURIComponent(id)}`);
  return data.data;
}
