import type { Segment } from 'contracts';

/** GET /api/segment: the active website's segments, newest first (read through useApiList). */
export const LIST_SEGMENTS_URL = '/api/segment';
export type SegmentRow = Segment;
