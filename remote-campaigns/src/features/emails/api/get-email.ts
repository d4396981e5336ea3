import { getEmailCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/emails/{id} (get_email). */
export const useEmail = (id: string) => useCallQuery(getEmailCall, { params: { id } }, { select: (answer) => answer.data });
