import { getInstallCheckCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** How often the check asks again while the screen is open and the script has not reported yet. */
export const INSTALL_CHECK_INTERVAL_MS = 3000;

/**
 * GET /api/public/install-check with header `x-client-id: <public key>`: whether the
 * website script has reported from a page of the website, when, from where and which version. Once
 * started, it asks again every 3 s until the answer says installed.
 */
export const useInstallCheck = (publicKey: string | null, started: boolean) =>
  useCallQuery(
    getInstallCheckCall,
    { headers: { 'x-client-id': publicKey ?? '' } },
    {
      enabled: started && !!publicKey,
      // Always asked anew: the point is to see the first visit.
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (query) => (query.state.data?.app_is_installed ? false : INSTALL_CHECK_INTERVAL_MS),
    },
  );
