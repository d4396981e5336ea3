import { markNotificationReadCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/notifications/{id}/read: one notification read, for the caller. */
export const useMarkNotificationRead = () => useCallMutation(markNotificationReadCall);
