import { createInvitationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/invitations (create_invitations): mails the link; 201 'successfully sent' and the invitation. */
export const useCreateInvitation = () => useCallMutation(createInvitationCall);
