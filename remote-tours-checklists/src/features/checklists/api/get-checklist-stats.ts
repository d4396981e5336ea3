import { checklistStatsUserCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/check-list/{id}/stats-user (get_checklist): the funnel and a page of visitors with their tasks done. */
export const useChecklistStats = (id: string, query: { page: number; pageSize: number; search?: string }) =>
  useCallQuery(checklistStatsUserCall, { params: { id }, query });
