import type { PushNotification } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/push-notification/{id}. */
export async function getPushNotification(id: string): Promise<PushNotification> {
  const { data } = await api.get<{ data: PushNotification }>(`/api/push-notification/${encodeURIComponent(id)}`);
  return data.data;
}
