import { deletePushNotificationsCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/push-notification (delete_pushNotification), body { notifications: [ids] }: one row or the selection. */
export const useDeletePushNotifications = () => useCallMutation(deletePushNotificationsCall);
