import { listPushNotificationsCall } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

/** The list's filters, in the URL under the call's own query names (`?status=draft&page=2`). */
export const PUSH_NOTIFICATION_LIST_FILTERS = ['title', 'status', 'devices', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/push-notification (get_pushNotification): page, size and filters in the URL. */
export function usePushNotifications(fallbackError: string) {
  const state = useListUrlState(PUSH_NOTIFICATION_LIST_FILTERS);
  return { state, ...useListQuery(listPushNotificationsCall, state, { fallbackError }) };
}
