import type { PushNotification, PushNotificationBody } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/push-notification (create_pushNotification): 201 { message, data }. */
export async function createPushNotification(body: PushNotificationBody): Promise<{ message: string; data: PushNotification }> {
  const { data } = await api.post<{ message: string; data: PushNotification }>('/api/push-notification', body);
  return data;
}
