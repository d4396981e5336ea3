import { closeConversationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/conversations/{id}/close: close a conversation (the visitor writing again opens it). */
export const useCloseConversation = () => useCallMutation(closeConversationCall);
