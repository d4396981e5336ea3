import { deleteSegmentCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/segment/{id} */
export const useDeleteSegment = () => useCallMutation(deleteSegmentCall);
