import { deleteEmailCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/emails/{id} (delete_email). */
export const useDeleteEmail = () => useCallMutation(deleteEmailCall);
