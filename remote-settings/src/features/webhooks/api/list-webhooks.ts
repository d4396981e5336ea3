import { listWebhooksCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/webhooks (get_webhooks): the active website's endpoints, newest first (never their secrets). */
export const useWebhooks = () => useCallQuery(listWebhooksCall, {});
