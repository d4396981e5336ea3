import { createApiKeyCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/api-keys (create_apiKeys): 201 { message, data, key }, the key shown this once; 403 for a permission the caller lacks. */
export const useCreateApiKey = () => useCallMutation(createApiKeyCall);
