import { listPushNotificationsCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** GET /api/push-notification (get_pushNotification): page, size and filters in the URL. */
export function usePushNotifications(fallbackError: string) {
  const state = useListCallState(listPushNotificationsCall);
  return { state, ...useListQuery(listPushNotificationsCall, state, { fallbackError }) };
}
