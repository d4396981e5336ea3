import type { Segment, SegmentCreateBody } from 'contracts';
import { api } from 'shared-auth';

/** POST /api/segment: 201 with the saved segment; 409 on `name` when the website already has it. */
export const createSegment = (body: SegmentCreateBody) => api.post<{ message: string; data: Segment }>('/api/segment', body).then((res) => res.data);
