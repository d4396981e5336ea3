import { deleteGroupsCall, previewGroupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/groups (delete_group), body { groups: [ids] }: all or nothing; their previews (under /api/group) go too. */
export const useDeleteGroups = () => useCallMutation(deleteGroupsCall, { invalidates: [previewGroupCall] });
