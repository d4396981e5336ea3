import { deleteGroupsCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/groups (delete_group), body { groups: [ids] }: all or nothing. */
export const useDeleteGroups = () => useCallMutation(deleteGroupsCall);
