import { listAttributesCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/attributes: the active website's people-data attributes, for the identify example (100 at most). */
export const useIdentifyAttributes = () => useCallQuery(listAttributesCall, { query: { page: 1, pageSize: 100 } }, { select: (answer) => answer.docs });
