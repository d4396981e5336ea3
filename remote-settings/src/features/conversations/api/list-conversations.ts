import { listConversationsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/conversations (any member): the active website's conversations, latest first, with unread counts. */
export const useConversations = (page: number, pageSize: number, enabled: boolean) =>
  useCallQuery(listConversationsCall, { query: { page, pageSize } }, { enabled });
