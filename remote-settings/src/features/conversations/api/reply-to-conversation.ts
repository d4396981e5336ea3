import { replyToConversationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/conversations/{id}/messages: answer the visitor. */
export const useReplyToConversation = () => useCallMutation(replyToConversationCall);
