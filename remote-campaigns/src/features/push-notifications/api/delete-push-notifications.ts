import { deletePushNotificationsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/push-notification (delete_pushNotification), body { notifications: [ids] }: one row or the selection. */
export const useDeletePushNotifications = () => useCallMutation(deletePushNotificationsCall);
