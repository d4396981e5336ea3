import { deleteChecklistsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/check-list (delete_checklist): body `checklists`. */
export const useDeleteChecklists = () => useCallMutation(deleteChecklistsCall);
