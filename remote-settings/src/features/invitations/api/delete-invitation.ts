import { deleteInvitationCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/invitations/{id} (create_invitations: the permission list has no delete permission); its link stops working. */
export const useDeleteInvitation = () => useCallMutation(deleteInvitationCall);
