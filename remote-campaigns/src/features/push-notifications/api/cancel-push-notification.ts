import { cancelPushNotificationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PATCH /api/push-notification/cancel/{id} (cancel_pushNotification). */
export const useCancelPushNotification = () => useCallMutation(cancelPushNotificationCall);
