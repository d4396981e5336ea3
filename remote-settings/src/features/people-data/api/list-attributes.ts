import { listAttributesCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type AttributeRow = CallAnswer<typeof listAttributesCall>['docs'][number];

/** GET /api/attributes: the active website's attributes, newest first; page and size in the URL. */
export function useAttributes(fallbackError: string) {
  const state = useListUrlState();
  return { state, ...useListQuery(listAttributesCall, state, { fallbackError }) };
}
