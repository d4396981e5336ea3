import { createWebhookCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/webhooks (create_webhooks): answers the endpoint and its signing secret, shown this once. */
export const useCreateWebhook = () => useCallMutation(createWebhookCall);
