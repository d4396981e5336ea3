import { getPersonCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/people/{personId} (get_people): the person, their attributes, groups, audiences and browsers. */
export const usePerson = (personId: string) => useCallQuery(getPersonCall, { params: { personId } }, { select: (answer) => answer.data });
