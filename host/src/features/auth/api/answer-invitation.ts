import { answerInvitationCall } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/invitations/{id}/{type}?token=… (signed in): the invitee accepts or rejects, with the mailed token. */
export const answerInvitation = (id: string, type: 'accept' | 'reject', token: string) =>
  callApi(answerInvitationCall, { params: { id, type }, query: { token } });
