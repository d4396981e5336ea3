import { createSegmentCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/segment: 201 with the saved segment; 409 on `name` when the website already has it. */
export const useCreateSegment = () => useCallMutation(createSegmentCall);
