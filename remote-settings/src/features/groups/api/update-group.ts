import { updateGroupCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/groups/{id} (update_group): its name and members, replaced. */
export const useUpdateGroup = () => useCallMutation(updateGroupCall);
