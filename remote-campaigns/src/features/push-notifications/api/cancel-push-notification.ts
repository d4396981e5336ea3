import { api } from 'shared-auth';

/** PATCH /api/push-notification/cancel/{id} (cancel_pushNotification). */
export async function cancelPushNotification(id: string): Promise<void> {
  await api.patch(`/api/push-notification/cancel/${encodeURIComponent(id)}`);
}
