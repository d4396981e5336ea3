import { api } from 'shared-auth';

/** PUT /api/push-notification/duplicate/{id} (duplicate_pushNotification). */
export async function duplicatePushNotification(id: string): Promise<void> {
  await api.put(`/api/push-notification/duplicate/${encodeURIComponent(id)}`);
}
