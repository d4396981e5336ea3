import { updateSegmentCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/segment: the public path has no id, so the body carries `_id`. */
export const useUpdateSegment = () => useCallMutation(updateSegmentCall);
