import { testWebhookCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/webhooks/{id}/test (update_webhooks): queues a `webhook.test` event to the endpoint. */
export const useTestWebhook = () => useCallMutation(testWebhookCall);
