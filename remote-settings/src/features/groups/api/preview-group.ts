import { previewGroupCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/group/{id} (get_group): the preview, the group with its first members. */
export const useGroupPreview = (id: string) => useCallQuery(previewGroupCall, { params: { id } }, { select: (answer) => answer.data });
