import { listPeopleCall, type CallAnswer } from 'contracts';
import { useListQuery, useListUrlState } from 'shared-data';
import { peopleQuery } from '../people-list';

export type PersonListRow = CallAnswer<typeof listPeopleCall>['docs'][number];

export const PEOPLE_FILTERS = ['search', 'segment', 'group', 'identity'] as const;

/**
 * GET /api/people (get_people): the active website's people; page, size, search, audience, group,
 * identity and sort in the URL, so a found person survives a reload and a shared link.
 */
export function usePeople(fallbackError: string) {
  const state = useListUrlState(PEOPLE_FILTERS);
  return { state, ...useListQuery(listPeopleCall, state, { fallbackError, extraQuery: peopleQuery(state) }) };
}
