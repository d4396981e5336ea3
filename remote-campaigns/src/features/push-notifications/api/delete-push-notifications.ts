import type { PushNotificationDeleteBody } from 'contracts';
import { api } from 'shared-auth';

/** DELETE /api/push-notification (delete_pushNotification), body { notifications: [ids] }: one row or the selection. */
export async function deletePushNotifications(ids: string[]): Promise<void> {
  const body: PushNotificationDeleteBody = { notifications: ids };
  await api.delete('/api/push-notification', { data: body });
}
