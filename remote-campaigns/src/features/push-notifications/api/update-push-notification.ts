import type { PushNotification, PushNotificationBody, PushNotificationUpdateBody } from 'contracts';
import { api } from 'shared-auth';

/** PUT /api/push-notification (update_pushNotification): the spec's path has no id, so the body carries `_id`. */
export async function updatePushNotification(id: string, body: PushNotificationBody): Promise<{ message: string; data: PushNotification }> {
  const payload: PushNotificationUpdateBody = { ...body, _id: id };
  const { data } = await api.put<{ message: string; data: PushNotification }>('/api/push-notification', payload);
  return data;
}
