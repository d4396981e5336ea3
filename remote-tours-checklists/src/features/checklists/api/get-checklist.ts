import { getChecklistCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/check-list/{id} (get_checklist). */
export const useChecklist = (id: string) => useCallQuery(getChecklistCall, { params: { id } }, { select: (answer) => answer.data });
