import { listPopupsCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** GET /api/popups (get_posts): the active website's popups; page, size and filters in the URL. */
export function usePopups(fallbackError: string) {
  const state = useListCallState(listPopupsCall);
  return { state, ...useListQuery(listPopupsCall, state, { fallbackError }) };
}
