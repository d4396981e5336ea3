import { setInvitationPasswordCall, type CallBodyInput } from 'contracts';
import { callApi } from 'shared-data';

/**
 * PATCH /api/user/invitations/password?token=…: the invitee without an account chooses a password;
 * the account is created in the inviting organisation and the invitation accepted. Public (no session).
 */
export const setInvitationPassword = (token: string, body: CallBodyInput<typeof setInvitationPasswordCall>) =>
  callApi(setInvitationPasswordCall, { query: { token }, body });
