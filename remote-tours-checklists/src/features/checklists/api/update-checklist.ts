import { updateChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/check-list/{id} (update_checklist): the whole document. */
export const useUpdateChecklist = () => useCallMutation(updateChecklistCall);
