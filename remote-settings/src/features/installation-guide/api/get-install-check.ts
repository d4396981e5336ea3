import { callUrl, getInstallCheckCall, type InstallCheckAnswer } from 'contracts';
import { api } from 'shared-auth';

/**
 * GET /api/public/install-check with header `x-client-id: <public key>` (spec section 7): whether the
 * website script has reported from a page of the website, when, from where and which version.
 */
export async function getInstallCheck(publicKey: string): Promise<InstallCheckAnswer> {
  const { data } = await api.get<InstallCheckAnswer>(callUrl(getInstallCheckCall), { headers: { 'x-client-id': publicKey } });
  return data;
}
