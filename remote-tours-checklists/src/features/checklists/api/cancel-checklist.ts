import { cancelChecklistCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/check-list/{id}/cancel (cancel_checklist). */
export const useCancelChecklist = () => useCallMutation(cancelChecklistCall);
