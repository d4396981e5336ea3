import { api } from 'shared-auth';
import type { Paged, WebsiteListItem } from 'contracts';

/**
 * GET /api/websites (get_websites): the active website's public key, for the installation snippet.
 * Only called when the user holds get_websites; others see the snippet with a placeholder.
 */
export async function getWebsitePublicKey(websiteId: string): Promise<string | null> {
  const { data } = await api.get<Paged<WebsiteListItem>>('/api/websites', { params: { page: 1, pageSize: 1000 } });
  return data.docs.find((w) => w._id === websiteId)?.publicKey ?? null;
}
