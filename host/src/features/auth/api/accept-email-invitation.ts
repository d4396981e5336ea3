import { acceptEmailInvitationCall } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/email/{id}/accept?token=… (no session): an existing account accepts from the mailed link. */
export const acceptEmailInvitation = (id: string, token: string) => callApi(acceptEmailInvitationCall, { params: { id }, query: { token } });
