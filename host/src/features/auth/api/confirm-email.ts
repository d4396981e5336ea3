import { confirmEmailCall } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/users/email-confirm: the new e-mail of an account, confirmed with the token of the link mailed to it. */
export const confirmEmail = (token: string) => callApi(confirmEmailCall, { body: { token } });
