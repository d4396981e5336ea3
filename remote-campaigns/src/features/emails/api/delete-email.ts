import { deleteEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/emails/{id} (delete_email). */
export const useDeleteEmail = () => useCallMutation(deleteEmailCall);
