import { deletePersonCall, listGroupMembersCall, previewGroupCall, searchClientsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/**
 * DELETE /api/people/{personId} (delete_people): the person and everything that is theirs. The
 * audience previews and group member lists read again too, so the person leaves every list at once.
 */
export const useDeletePerson = () => useCallMutation(deletePersonCall, { invalidates: [searchClientsCall, listGroupMembersCall, previewGroupCall] });
