import { deleteEmailsCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/emails (delete_email), body { emails: [ids] }. */
export const useDeleteEmails = () => useCallMutation(deleteEmailsCall);
