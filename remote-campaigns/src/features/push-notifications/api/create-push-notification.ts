import { createPushNotificationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/push-notification (create_pushNotification): 201 { message, data }. */
export const useCreatePushNotification = () => useCallMutation(createPushNotificationCall);
