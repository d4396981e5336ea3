import { deleteSegmentCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/segment/{id} */
export const useDeleteSegment = () => useCallMutation(deleteSegmentCall);
