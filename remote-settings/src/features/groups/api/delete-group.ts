import { deleteGroupCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/groups/{id} (delete_group). */
export const useDeleteGroup = () => useCallMutation(deleteGroupCall);
