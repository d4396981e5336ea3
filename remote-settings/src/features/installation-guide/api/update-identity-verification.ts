import { updateIdentityVerificationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/websites/{id}/identity-verification (create_websites): require a userHash on identify, or not. */
export const useUpdateIdentityVerification = () => useCallMutation(updateIdentityVerificationCall);
