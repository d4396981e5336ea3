import { listRolesCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type RoleRow = CallAnswer<typeof listRolesCall>['docs'][number];

const FILTERS = ['name'] as const;

/** GET /api/roles (get_role): the organisation's roles; page, size and name search in the URL. */
export function useRoles(fallbackError: string) {
  const state = useListUrlState(FILTERS);
  return { state, ...useListQuery(listRolesCall, state, { fallbackError }) };
}
