import { previewPersonCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/**
 * POST /api/people/{personId}/preview (get_people): "Why not shown?" for every live item on one
 * page, for this person. A read (it changes nothing), so it goes through the cache; asked only once a
 * page address is given.
 */
export const usePersonPreview = (personId: string, url: string) =>
  useCallQuery(previewPersonCall, { params: { personId }, body: { url } }, { enabled: url !== '', select: (answer) => answer.data });
