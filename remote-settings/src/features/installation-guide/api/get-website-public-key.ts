import { listWebsitesCall } from 'contracts';
import { callApi } from 'shared-auth';

/** GET /api/websites (get_websites): a website's public key, which the installation check sends as `x-client-id`. */
export async function getWebsitePublicKey(websiteId: string): Promise<string | null> {
  const { docs } = await callApi(listWebsitesCall, { query: { page: 1, pageSize: 1000 } });
  return docs.find((w) => w._id === websiteId)?.publicKey ?? null;
}
