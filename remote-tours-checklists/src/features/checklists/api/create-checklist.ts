import { createChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/check-list (create_checklist): a new checklist, a draft. */
export const useCreateChecklist = () => useCallMutation(createChecklistCall);
