import { duplicateChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/check-list/{id}/duplicate (duplication_checklist): a draft copy. */
export const useDuplicateChecklist = () => useCallMutation(duplicateChecklistCall);
