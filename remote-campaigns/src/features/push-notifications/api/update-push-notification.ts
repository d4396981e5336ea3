import { updatePushNotificationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/push-notification (update_pushNotification): the public path has no id, so the body carries `_id`. */
export const useUpdatePushNotification = () => useCallMutation(updatePushNotificationCall);
