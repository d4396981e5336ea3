import { listApiKeysCall, type CallAnswer } from 'contracts';
import { useCallQuery } from 'shared-data';

export type ApiKeyRow = CallAnswer<typeof listApiKeysCall>['data'][number];

/** GET /api/api-keys (get_apiKeys, inside the active website): every key, newest first, never the key itself. */
export const useApiKeys = () => useCallQuery(listApiKeysCall, {});
