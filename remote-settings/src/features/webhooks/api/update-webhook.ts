import { updateWebhookCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PATCH /api/webhooks/{id} (update_webhooks): its URL, description, events, or on/off. */
export const useUpdateWebhook = () => useCallMutation(updateWebhookCall);
