import { deleteEmailsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/emails (delete_email), body { emails: [ids] }. */
export const useDeleteEmails = () => useCallMutation(deleteEmailsCall);
