import { getPersonEmailStatusCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/emails/people/{id} (get_email): a person's address and whether they unsubscribed or bounced. */
export const usePersonEmailStatus = (id: string) => useCallQuery(getPersonEmailStatusCall, { params: { id } }, { select: (answer) => answer.data });
