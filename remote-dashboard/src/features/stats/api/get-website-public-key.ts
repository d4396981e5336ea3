import { listWebsitesCall } from 'contracts';
import { callApi } from 'shared-auth';

/**
 * GET /api/websites (get_websites): the active website's public key, for the installation snippet.
 * Only called when the user holds get_websites; others see the snippet with a placeholder.
 */
export async function getWebsitePublicKey(websiteId: string): Promise<string | null> {
  const { docs } = await callApi(listWebsitesCall, { query: { page: 1, pageSize: 1000 } });
  return docs.find((w) => w._id === websiteId)?.publicKey ?? null;
}
