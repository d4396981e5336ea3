import { duplicatePushNotificationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/push-notification/duplicate/{id} (duplicate_pushNotification). */
export const useDuplicatePushNotification = () => useCallMutation(duplicatePushNotificationCall);
