import { listWebhookDeliveriesCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/webhooks/{id}/deliveries (get_webhooks): the endpoint's last 100 deliveries, newest first. */
export const useWebhookDeliveries = (id: string | null) =>
  useCallQuery(listWebhookDeliveriesCall, { params: { id: id ?? '' } }, { enabled: id !== null, refetchInterval: 3000 });
