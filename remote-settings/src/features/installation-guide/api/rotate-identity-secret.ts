import { rotateIdentitySecretCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/websites/{id}/identity-verification/rotate (create_websites): a new secret; the previous one verifies for a grace period. */
export const useRotateIdentitySecret = () => useCallMutation(rotateIdentitySecretCall);
