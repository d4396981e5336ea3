import { updateProfileCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/users/profile-update: the signed-in user's name, avatar and e-mail (a new e-mail waits for its mailed link). */
export const useUpdateProfile = () => useCallMutation(updateProfileCall);
