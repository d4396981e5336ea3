import { getEmailStatsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/emails/{id}/stats (get_email): recipients, sent, failed, opened, clicked, unsubscribed. */
export const useEmailStats = (id: string) => useCallQuery(getEmailStatsCall, { params: { id } }, { select: (answer) => answer.data, refetchInterval: 5000 });
