import { getGroupCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/groups/{id} (get_group): the group with every member id. */
export const useGroup = (id: string) => useCallQuery(getGroupCall, { params: { id } }, { select: (answer) => answer.data });
