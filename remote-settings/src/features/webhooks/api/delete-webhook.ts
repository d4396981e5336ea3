import { deleteWebhookCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/webhooks/{id} (delete_webhooks): the endpoint and its delivery log. */
export const useDeleteWebhook = () => useCallMutation(deleteWebhookCall);
