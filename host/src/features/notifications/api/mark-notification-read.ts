import { markNotificationReadCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/notifications/{id}/read: one notification read, for the caller. */
export const useMarkNotificationRead = () => useCallMutation(markNotificationReadCall);
