import { revokeApiKeyCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/api-keys/{id} (delete_apiKeys): the key is refused from the next call on. */
export const useRevokeApiKey = () => useCallMutation(revokeApiKeyCall);
