import { deleteInvitationsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/invitations with `{ invitations: [ids] }`: all or nothing. */
export const useDeleteInvitations = () => useCallMutation(deleteInvitationsCall);
