import { getInstallCheckCall, type InstallCheckAnswer } from 'contracts';
import { callApi } from 'shared-auth';

/**
 * GET /api/public/install-check with header `x-client-id: <public key>` (spec section 7): whether the
 * website script has reported from a page of the website, when, from where and which version.
 */
export const getInstallCheck = (publicKey: string): Promise<InstallCheckAnswer> => callApi(getInstallCheckCall, { headers: { 'x-client-id': publicKey } });
