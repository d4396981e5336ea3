import { updateChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/check-list/{id} (update_checklist): the whole document. */
export const useUpdateChecklist = () => useCallMutation(updateChecklistCall);
