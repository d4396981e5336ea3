import { deleteChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/check-list/{id} (delete_checklist). */
export const useDeleteChecklist = () => useCallMutation(deleteChecklistCall);
