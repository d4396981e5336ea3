import { getIdentityVerificationCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/websites/{id}/identity-verification (create_websites): required or not, and the identity secret. */
export const useIdentityVerification = (websiteId: string | undefined, enabled: boolean) =>
  useCallQuery(getIdentityVerificationCall, { params: { id: websiteId ?? '' } }, { enabled: enabled && !!websiteId });
