import { listSegmentsCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type SegmentRow = CallAnswer<typeof listSegmentsCall>['docs'][number];

/** GET /api/segment: the active website's segments, newest first; page and size in the URL. */
export function useSegments(fallbackError: string) {
  const state = useListUrlState();
  return { state, ...useListQuery(listSegmentsCall, state, { fallbackError }) };
}
