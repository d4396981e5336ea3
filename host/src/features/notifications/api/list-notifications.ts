import { listNotificationsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/notifications (any member of the active website): newest first, with the caller's unread count. */
export const useNotifications = (page: number, pageSize: number, enabled = true) =>
  useCallQuery(listNotificationsCall, { query: { page, pageSize } }, { enabled });
