import type { Paged, WebsiteListItem } from 'contracts';
import { api } from 'shared-auth';
import { LIST_WEBSITES_URL } from '../../websites/api/list-websites';

/** GET /api/websites (get_websites): a website's public key, which the installation check sends as `x-client-id`. */
export async function getWebsitePublicKey(websiteId: string): Promise<string | null> {
  const { data } = await api.get<Paged<WebsiteListItem>>(LIST_WEBSITES_URL, { params: { page: 1, pageSize: 1000 } });
  return data.docs.find((w) => w._id === websiteId)?.publicKey ?? null;
}
