import { listTagsCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';

export type TagRow = CallAnswer<typeof listTagsCall>['docs'][number];

/** The tags are read 1000 at a time. */
export const TAGS_PAGE_SIZE = 1000;

/** GET /api/tags: the active website's tags, newest first; page and size in the URL. */
export function useTags(fallbackError: string) {
  const state = useListUrlState([], '', TAGS_PAGE_SIZE);
  return { state, ...useListQuery(listTagsCall, state, { fallbackError }) };
}
