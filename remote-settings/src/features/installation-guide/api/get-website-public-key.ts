import { LIMITS, listWebsitesCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/websites (get_websites): a website's public key, which the installation check sends as `x-client-id`. */
export const useWebsitePublicKey = (websiteId: string | undefined, enabled: boolean) =>
  useCallQuery(
    listWebsitesCall,
    { query: { page: 1, pageSize: LIMITS.pageSizeMax } },
    { enabled: enabled && !!websiteId, select: (answer) => answer.docs.find((w) => w._id === websiteId)?.publicKey ?? null },
  );
