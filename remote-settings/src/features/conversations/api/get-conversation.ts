import { getConversationCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/conversations/{id}: one conversation with its messages (read by staff from then on). */
export const useConversation = (id: string | undefined) =>
  useCallQuery(getConversationCall, { params: { id: id ?? '' } }, { enabled: !!id, select: (answer) => answer.data });
