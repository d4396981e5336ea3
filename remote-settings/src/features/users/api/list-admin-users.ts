import { listAdminUsersCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type UserRow = CallAnswer<typeof listAdminUsersCall>['docs'][number];

const FILTERS = ['name'] as const;

/** GET /api/admin/users (super-admin): every client account; page, size and name search in the URL. */
export function useAdminUsers(fallbackError: string) {
  const state = useListUrlState(FILTERS);
  return { state, ...useListQuery(listAdminUsersCall, state, { fallbackError }) };
}
