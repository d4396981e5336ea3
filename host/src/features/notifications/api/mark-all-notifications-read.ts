import { markAllNotificationsReadCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/notifications/read: every notification of the active website read, for the caller. */
export const useMarkAllNotificationsRead = () => useCallMutation(markAllNotificationsReadCall);
