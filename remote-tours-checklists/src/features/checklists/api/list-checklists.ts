import { listChecklistsCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** The list's filters, in the URL under the call's own query names. */
export const CHECKLIST_LIST_FILTERS = ['title', 'status', 'sender', 'tag', 'workSpace'] as const;

/** GET /api/check-list (get_checklist): the active website's checklists; page, size and filters in the URL. */
export function useChecklists(fallbackError: string) {
  const state = useListCallState(listChecklistsCall);
  return { state, ...useListQuery(listChecklistsCall, state, { fallbackError }) };
}
