import { updatePasswordCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/users/profile-password-update: the signed-in user's new password, with the current one. */
export const useUpdatePassword = () => useCallMutation(updatePasswordCall);
