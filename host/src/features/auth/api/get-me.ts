import { getMeCall } from 'contracts';
import { callApi } from 'shared-data';

/** GET /api/users/me: the signed-in user as the server now has it. */
export const getMe = () => callApi(getMeCall);
