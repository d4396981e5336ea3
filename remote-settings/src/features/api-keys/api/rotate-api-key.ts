import { rotateApiKeyCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/api-keys/{id}/rotate (create_apiKeys): a new key, shown this once; the old one works until `previous.expiresAt`. */
export const useRotateApiKey = () => useCallMutation(rotateApiKeyCall);
