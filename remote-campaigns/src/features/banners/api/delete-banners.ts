import type { BannerDeleteBody } from 'contracts';
import { api } from 'shared-auth';

/** DELETE /api/banners (delete_banners), body { banners: [ids] }. */
export async function deleteBanners(ids: string[]): Promise<void> {
  const body: BannerDeleteBody = { banners: ids };
  await api.delete('/api/banners', { data: body });
}
