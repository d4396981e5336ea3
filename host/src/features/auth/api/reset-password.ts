import { resetPasswordCall, type CallBodyInput } from 'contracts';
import { callApi } from 'shared-data';

/** PUT /api/auth/reset-password (no session): the new password, with the token of the mailed link. */
export const resetPassword = (body: CallBodyInput<typeof resetPasswordCall>) => callApi(resetPasswordCall, { body });
