import { deleteGroupCall, previewGroupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/groups/{id} (delete_group); its preview (under /api/group) goes too. */
export const useDeleteGroup = () => useCallMutation(deleteGroupCall, { invalidates: [previewGroupCall] });
