import { markAllNotificationsReadCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/notifications/read: every notification of the active website read, for the caller. */
export const useMarkAllNotificationsRead = () => useCallMutation(markAllNotificationsReadCall);
