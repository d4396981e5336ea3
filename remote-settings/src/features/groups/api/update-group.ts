import { previewGroupCall, updateGroupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/groups/{id} (update_group): its name and members, replaced (the preview, under /api/group, changes too). */
export const useUpdateGroup = () => useCallMutation(updateGroupCall, { invalidates: [previewGroupCall] });
