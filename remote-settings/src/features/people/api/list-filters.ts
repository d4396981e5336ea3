import { LIMITS, listAttributesCall, listGroupsCall, listSegmentsCall } from 'contracts';
import { useAllPages, useCallQuery } from 'shared-data';

/** GET /api/segment: every saved audience of the website, the people list's audience filter. */
export const useAudienceOptions = () => useAllPages(listSegmentsCall);

/** GET /api/groups: every group of the website, the people list's group filter. */
export const useGroupOptions = () => useAllPages(listGroupsCall);

/** GET /api/attributes: the website's people-data attributes (a website has few), each a column the user may show. */
export const useAttributeNames = () =>
  useCallQuery(listAttributesCall, { query: { page: 1, pageSize: LIMITS.pageSizeMax } }, { select: (answer) => answer.docs.map((a) => a.name) });
