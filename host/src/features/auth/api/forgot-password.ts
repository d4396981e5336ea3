import { forgotPasswordCall } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/auth/forgot-password (no session): mails a reset link to the address, if it has an account. */
export const forgotPassword = (email: string) => callApi(forgotPasswordCall, { body: { email } });
