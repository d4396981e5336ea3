import { getPushNotificationCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/push-notification/{id} (get_pushNotification). */
export const usePushNotification = (id: string) => useCallQuery(getPushNotificationCall, { params: { id } }, { select: (answer) => answer.data });
