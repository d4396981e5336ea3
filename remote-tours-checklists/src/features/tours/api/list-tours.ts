import { listToursCall } from 'contracts';
import { useListQuery } from 'shared-data';
import { useListCallState } from 'shared-content';

/** GET /api/product-tours (get_tour): the active website's tours; page, size and filters in the URL. */
export function useTours(fallbackError: string) {
  const state = useListCallState(listToursCall);
  return { state, ...useListQuery(listToursCall, state, { fallbackError }) };
}
