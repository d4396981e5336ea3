import { listGroupsCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type GroupRow = CallAnswer<typeof listGroupsCall>['docs'][number];

const FILTERS = ['name'] as const;

/** GET /api/groups (get_group): the active website's groups with their member counts; page, size and name search in the URL. */
export function useGroups(fallbackError: string) {
  const state = useListUrlState(FILTERS);
  return { state, ...useListQuery(listGroupsCall, state, { fallbackError }) };
}
