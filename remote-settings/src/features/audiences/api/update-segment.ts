import type { Segment, SegmentUpdateBody } from 'contracts';
import { api } from 'shared-auth';

/** PUT /api/segment: the spec's path has no id, so the body carries `_id`. */
export const updateSegment = (body: SegmentUpdateBody) => api.put<{ message: string; data: Segment }>('/api/segment', body).then((res) => res.data);
